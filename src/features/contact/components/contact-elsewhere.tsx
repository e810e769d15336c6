import { Link } from '@tanstack/react-router';
import { t } from '../../../lib/i18n';

/** Beside the form: where else answers are, and a warning about who never asks for what. */
export function ContactElsewhere() {
  return (
    <aside className="space-y-4">
      <div className="card p-6">
        <h2 className="font-bold text-ink">{t('contact.elsewhere')}</h2>
        <p className="mt-2 text-ink-soft">{t('contact.elsewhereBody')}</p>
        <Link to="/faq" className="text-link mt-3 inline-block font-semibold">
          {t('contact.faqLink')}
        </Link>
      </div>
      <div className="card p-6">
        <p className="flex gap-2 text-ink-soft">
          <span className="i-lucide-shield-alert mt-1 shrink-0 text-coral-700" aria-hidden="true" />
          {t('contact.safety')}
        </p>
      </div>
    </aside>
  );
}
