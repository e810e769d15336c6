import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What to show instead of the failed section. */
  fallback: (error: unknown) => ReactNode;
}

/**
 * Keeps one failing section from taking the whole page down: the rest of the page stays
 * usable and the section shows its fallback. React offers error boundaries only as classes.
 */
export class SectionBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A section failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
