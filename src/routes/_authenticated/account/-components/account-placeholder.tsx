import type { ReactNode } from 'react';
import { t } from '../../../../lib/i18n';

/** An account page whose capability is still being built: its real title and what it will hold. */
export function AccountPlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="account-page-title">
      <h1 id="account-page-title" className="page-title">
        {title}
      </h1>
      <div className="card mt-6 max-w-2xl p-6 sm:p-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-gold-100 px-3 py-1 text-xs font-semibold text-gold-700">
          <span className="i-lucide-hourglass" aria-hidden="true" />
          {t('coming.title')}
        </p>
        <div className="mt-4 space-y-3 text-ink-soft">{children}</div>
      </div>
    </section>
  );
}
