/** Placeholder while the screen is built. */
export function ProfilePage() {
  return <main className="container"><h1>ProfilePage</h1></main>;
}
