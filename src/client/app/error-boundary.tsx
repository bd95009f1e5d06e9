import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/button';

type State = { error: Error | null };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto my-16 max-w-lg rounded-xl border border-red-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-red-800">Something went wrong</h1>
        <p className="mt-2 text-sm text-bark-700">
          We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.
        </p>
        <details className="mt-4 rounded bg-bark-100 p-3 text-sm">
          <summary className="cursor-pointer font-medium">Error details</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words text-xs">{this.state.error.message}</pre>
        </details>
        <div className="mt-6 flex gap-3">
          <Button onClick={() => this.setState({ error: null })}>Try Again</Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        </div>
      </div>
    );
  }
}
