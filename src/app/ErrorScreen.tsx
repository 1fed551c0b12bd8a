import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useNavigate, useRouteError, useLocation } from 'react-router-dom';

/** The global error screen (spec §2): 'Something went wrong' with Try Again and Reload Page. */
export function ErrorScreen({ onTryAgain, detail }: { onTryAgain: () => void; detail?: string }) {
  return (
    <main className="container container-narrow" role="alert">
      <div className="card" style={{ marginTop: '3rem' }}>
        <h1>Something went wrong</h1>
        {detail ? <p className="muted">{detail}</p> : null}
        <div className="btn-row">
          <button type="button" className="btn btn-primary" onClick={onTryAgain}>
            Try Again
          </button>
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            Reload Page
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

/** Route-level error element: Try Again re-renders the current location. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  if (error) console.error(error);
  return <ErrorScreen detail={describe(error)} onTryAgain={() => void navigate(location.pathname + location.search, { replace: true })} />;
}

interface BoundaryState {
  error: unknown;
}

/** Last-resort boundary around the whole app (errors outside the router). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) return <ErrorScreen detail={describe(this.state.error)} onTryAgain={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
