import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '../../i18n/i18n';
import { Component, type ReactNode } from 'react';
import { markScreenShown } from '../../hooks/sessionActions';

/** The project-load failure alert (product rules "Error messages"): the message or 'Failed to load projects', Retry reloads the page. */
export function LoadErrorAlert({ message }: { message: string }) {
  return (
    <div className="alert alert-error" role="alert">
      <div>{message}</div>
      <button type="button" className="btn btn-sm" onClick={() => window.location.reload()}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}

/** Catches a failing local read of the project list and shows the spec's load-failure alert. */
export class LoadErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(): void {
    // The alert is the first screen then: what waits for it (the sync) may start.
    markScreenShown();
  }

  override render(): ReactNode {
    if (this.state.error) {
      const e = this.state.error;
      return (
        <LoadErrorAlert
          message={
            e instanceof Error && e.message ? e.message : i18n._(msg`Failed to load projects`)
          }
        />
      );
    }
    return this.props.children;
  }
}

/**
 * Around a lazily loaded dialog: when its code cannot be fetched (offline
 * before the app finished installing), an alert replaces it instead of the
 * global error screen; `onClose` dismisses it.
 */
export class DialogLoadBoundary extends Component<
  { children: ReactNode; onClose: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="alert alert-error" role="alert">
        <div>
          <Trans>
            This form could not be opened offline. Connect once so the app can finish installing,
            then try again.
          </Trans>
        </div>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            this.setState({ failed: false });
            this.props.onClose();
          }}
        >
          <Trans>Dismiss</Trans>
        </button>
      </div>
    );
  }
}
