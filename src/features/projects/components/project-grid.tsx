import type { ReactNode } from 'react';

export function ProjectGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul aria-label={label} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}
