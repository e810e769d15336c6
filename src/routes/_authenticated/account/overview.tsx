import { createFileRoute } from '@tanstack/react-router';
import { PortfolioOverview } from '../../../features/portfolio/components/portfolio-overview';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { AccountNav } from './-components/account-nav';

export const Route = createFileRoute('/_authenticated/account/overview')({
  head: () => pageHead('Overview'),
  component: Page,
});

function Page() {
  return (
    <div className="container py-8 sm:py-12">
      <p className="eyebrow">{t('account.eyebrow')}</p>
      <h1 className="page-title mt-2">Overview</h1>
      <AccountNav />
      <PortfolioOverview />
    </div>
  );
}
