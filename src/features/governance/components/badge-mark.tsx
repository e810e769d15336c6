import { t } from '../../../lib/i18n';

/** The author's highest community badge in this project, beside their name (absent when hidden or none). */
export function BadgeMark({ name }: { name: string }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-gold-100 px-2 py-0.5 font-semibold text-ink"
      data-testid="author-badge"
      title={t('governance.badge', { name })}
    >
      <span aria-hidden="true">★</span>
      <span className="sr-only">{t('governance.badge', { name })}</span>
      <span aria-hidden="true">{name}</span>
    </span>
  );
}
