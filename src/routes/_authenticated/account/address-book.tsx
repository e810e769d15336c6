import { createFileRoute } from '@tanstack/react-router';
import { AddressBook } from '../../../features/portfolio/components/address-book';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';

export const Route = createFileRoute('/_authenticated/account/address-book')({
  head: () => pageHead(t('addresses.title')),
  component: Page,
});

function Page() {
  return (
    <div>
      <h1 className="page-title">{t('addresses.title')}</h1>
      <AddressBook />
    </div>
  );
}
