import { Component, type ReactNode } from 'react';

/** The project-load failure alert (spec §8): the message or 'Failed to load projects', Retry reloads the page. */
export function LoadErrorAlert({ message }: { message: string }) {
  return (
    <div className="alert alert-error" role="alert">
      <div>{message}</div>
      <button type="button" className="btn btn-sm" onClick={() => window.location.reload()}>
        Retry
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

  override render(): ReactNode {
    if (this.state.error) {
      const e = this.state.error;
      return <LoadErrorAlert message={e instanceof Error && e.message ? e.message : 'Failed to load projects'} />;
    }
    return this.props.children;
  }
}
