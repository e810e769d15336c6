import { createFileRoute } from '@tanstack/react-router';
import { BankDetailsForm } from '../../../features/portfolio/components/bank-details-form';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';

export const Route = createFileRoute('/_authenticated/account/bank-details')({
  head: () => pageHead(t('bank.title')),
  component: Page,
});

function Page() {
  return (
    <div>
      <h1 className="page-title">{t('bank.title')}</h1>
      <BankDetailsForm />
    </div>
  );
}
