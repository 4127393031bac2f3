import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (e.g. the path), a shown error is cleared. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/** Shows the SPEC §2 fallback error screen when rendering below it throws. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[render] a screen failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.reset();
  }

  reset = (): void => {
    this.setState({ failed: false, error: undefined });
  };

  override render(): ReactNode {
    if (this.state.failed) return <ErrorFallback error={this.state.error} onReset={this.reset} />;
    return this.props.children;
  }
}
