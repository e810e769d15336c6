import { createFileRoute, Link } from '@tanstack/react-router';
import { validateRedirectSearch } from '../../../domain/search';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { AuthCard } from '../-components/auth-card';

export const Route = createFileRoute('/auth/otp/intro')({
  staticData: { texts: ['auth'] },
  validateSearch: validateRedirectSearch,
  head: () => pageHead(t('otpIntro.title')),
  component: Page,
});

const steps = ['otpIntro.step1', 'otpIntro.step2', 'otpIntro.step3'] as const;

function Page() {
  const { redirect } = Route.useSearch();
  return (
    <AuthCard eyebrow={t('otp.eyebrow')} title={t('otpIntro.title')} intro={t('otpIntro.body')}>
      <ol className="space-y-4">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-bold text-brand-800">
              {index + 1}
            </span>
            <span className="text-ink-soft">{t(step)}</span>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-ink-muted">{t('otpIntro.apps')}</p>
      <Link to="/auth/otp/setup" search={{ redirect }} className="btn-primary mt-6 w-full">
        {t('otpIntro.start')}
        <span className="i-lucide-arrow-right" aria-hidden="true" />
      </Link>
    </AuthCard>
  );
}
