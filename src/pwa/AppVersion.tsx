import { Trans } from '@lingui/react/macro';

/** "Version abc1234": which build this device runs (useful when reporting a problem). */
export function AppVersion() {
  const build = __BUILD_ID__;
  return (
    <span className="app-version">
      <Trans>Version {build}</Trans>
    </span>
  );
}
