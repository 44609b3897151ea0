import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { RouteError } from './RouteError';

type BoundaryProps = { location: Location; children: ReactNode };
type BoundaryState = { location: Location; failed: boolean; error: unknown };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  // A navigation shows the new page, not the error of the one before.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, failed: false, error: undefined };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Around a layout route: what the layout or its page throws shows RouteError in place of the layout. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}
