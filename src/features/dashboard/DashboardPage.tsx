/** Placeholder while the screen is built. */
export function DashboardPage() {
  return <main className="container"><h1>DashboardPage</h1></main>;
}
