/** Placeholder while the screen is built. */
export function ProjectDetailPage() {
  return <main className="container"><h1>ProjectDetailPage</h1></main>;
}
