import { createFileRoute } from '@tanstack/react-router';
import { AddressBook } from '../../../features/portfolio/components/address-book';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { AccountNav } from './-components/account-nav';

export const Route = createFileRoute('/_authenticated/account/address-book')({
  head: () => pageHead(t('addresses.title')),
  component: Page,
});

function Page() {
  return (
    <div className="container py-8 sm:py-12">
      <p className="eyebrow">{t('account.eyebrow')}</p>
      <h1 className="page-title mt-2">{t('addresses.title')}</h1>
      <AccountNav />
      <AddressBook />
    </div>
  );
}
