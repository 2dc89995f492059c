import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';
import { PageReady } from '../layout/PageReady';

interface Props {
  children: ReactNode;
  /** When the layout itself failed: the error page brings its own main landmark. */
  standalone?: boolean;
  /** A new value (the next page's path) clears a caught error, so leaving a broken page works. */
  resetKey?: string;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: string | undefined;
}

/**
 * Catches what a page throws while rendering, a page's code that did not arrive included, and
 * shows the error page (which reloads once for missing code) instead of a blank screen.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: undefined, failed: false, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.failed) {
      return (
        <>
          <RouteErrorPage error={this.state.error} standalone={this.props.standalone} />
          <PageReady />
        </>
      );
    }
    return this.props.children;
  }
}
