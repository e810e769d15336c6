import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { AccountPlaceholder } from './-components/account-placeholder';

export const Route = createFileRoute('/_authenticated/account/address-book')({
  head: () => pageHead(t('account.addressBook.title')),
  component: Page,
});

function Page() {
  return (
    <AccountPlaceholder title={t('account.addressBook.title')}>
      <p>{t('account.addressBook.what')}</p>
      <p>{t('account.addressBook.when')}</p>
    </AccountPlaceholder>
  );
}
