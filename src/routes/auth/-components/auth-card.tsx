import type { ReactNode } from 'react';

/** The frame of every sign-in and second-factor step: a narrow card that works at 390 px. */
export function AuthCard({
  eyebrow,
  title,
  intro,
  children,
  wide = false,
}: {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="container py-8 sm:py-14">
      <div className={`mx-auto ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="page-title mt-2">{title}</h1>
        {intro ? <p className="mt-3 text-ink-soft">{intro}</p> : null}
        <div className="card mt-6 p-5 sm:p-8">{children}</div>
      </div>
    </section>
  );
}
