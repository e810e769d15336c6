import { useEffect, useState, type ReactNode } from 'react';
import { DELAYED_RENDER_MS } from '../domain/constants';

/**
 * Renders its children only after a delay (300 ms by default, spec §2), so a fallback that
 * would flash for a fast load is never seen.
 */
export function Delayed({ children, ms = DELAYED_RENDER_MS }: { children: ReactNode; ms?: number }) {
  const [isShown, setIsShown] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = window.setTimeout(() => setIsShown(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return isShown ? <>{children}</> : null;
}
