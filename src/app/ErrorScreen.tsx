import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The global error screen (product rules "Screens and routes"): 'Something went wrong' with Try Again and Reload Page. */
export function ErrorScreen({ onTryAgain, detail }: { onTryAgain: () => void; detail?: string }) {
  return (
    <main className="container container-narrow" role="alert">
      <div className="card" style={{ marginTop: '3rem' }}>
        <h1>
          <Trans>Something went wrong</Trans>
        </h1>
        {detail ? <p className="muted">{detail}</p> : null}
        <div className="btn-row">
          <button type="button" className="btn btn-primary" onClick={onTryAgain}>
            <Trans>Try Again</Trans>
          </button>
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            <Trans>Reload Page</Trans>
          </button>
        </div>
      </div>
    </main>
  );
}

function describe(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}

interface BoundaryState {
  error: unknown;
}

/** Error boundary of the app: the global error screen; Try Again re-renders, navigation resets it. */
export class AppErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  BoundaryState & { key?: string }
> {
  override state: BoundaryState & { key?: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: BoundaryState & { key?: string },
  ) {
    // Navigating elsewhere clears the error (the user left the broken screen).
    if (props.resetKey !== state.key) return { error: null, key: props.resetKey };
    return null;
  }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error)
      return (
        <ErrorScreen
          detail={describe(this.state.error)}
          onTryAgain={() => this.setState({ error: null })}
        />
      );
    return this.props.children;
  }
}
