import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n';

export function NotFoundPage() {
  return (
    <section className="container grid min-h-[60vh] place-items-center py-16 text-center">
      <div className="max-w-lg">
        <p className="text-8xl font-black tracking-tight text-brand-200 sm:text-9xl" aria-hidden="true">
          {t('notFound.code')}
        </p>
        <h1 className="mt-4 text-3xl font-bold text-ink">{t('notFound.title')}</h1>
        <p className="mt-4 text-ink-soft">{t('notFound.body')}</p>
        <Link to="/" className="btn-primary mt-8">
          <span className="i-lucide-house" aria-hidden="true" />
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
