import { Component } from 'react';
import type { ReactNode } from 'react';

type Props = {
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
  /** A new value clears a caught error (e.g. the path, so navigating away recovers). */
  resetKey?: unknown;
};

type State = { failed: boolean; error: unknown; resetKey: unknown };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What the crash boundaries show. */
export function CrashScreen({ error }: { error: unknown }) {
  return (
    <div className="crash" role="alert">
      <h1>Something went wrong</h1>
      <pre className="crash__detail">{errorText(error)}</pre>
    </div>
  );
}

/** Catches render errors below it and shows the crash screen. */
export function CrashBoundary({ children, resetKey }: { children: ReactNode; resetKey?: unknown }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={(error) => <CrashScreen error={error} />}>
      {children}
    </ErrorBoundary>
  );
}
