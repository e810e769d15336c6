import { createFileRoute } from '@tanstack/react-router';
import { BankDetailsForm } from '../../../features/portfolio/components/bank-details-form';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { AccountNav } from './-components/account-nav';

export const Route = createFileRoute('/_authenticated/account/bank-details')({
  head: () => pageHead(t('bank.title')),
  component: Page,
});

function Page() {
  return (
    <div className="container py-8 sm:py-12">
      <p className="eyebrow">{t('account.eyebrow')}</p>
      <h1 className="page-title mt-2">{t('bank.title')}</h1>
      <AccountNav />
      <BankDetailsForm />
    </div>
  );
}
