/** "Version abc1234": which build this device runs (useful when reporting a problem). */
export function AppVersion() {
  return <span className="app-version">Version {__BUILD_ID__}</span>;
}
