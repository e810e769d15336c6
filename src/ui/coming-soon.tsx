import type { ReactNode } from 'react';
import { t } from '../lib/i18n';

/** The honest state of a page whose capability is still being built: its real heading and what it will hold. */
export function ComingSoon({ title, eyebrow, children }: { title: string; eyebrow?: string; children: ReactNode }) {
  return (
    <section className="container py-10 sm:py-16">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1 className="page-title mt-2">{title}</h1>
      <div className="card mt-8 max-w-2xl p-6 sm:p-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-gold-100 px-3 py-1 text-xs font-semibold text-gold-700">
          <span className="i-lucide-hourglass" aria-hidden="true" />
          {t('coming.title')}
        </p>
        <div className="mt-4 space-y-3 text-ink-soft">{children}</div>
      </div>
    </section>
  );
}
