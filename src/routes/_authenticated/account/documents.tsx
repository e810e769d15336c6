import { createFileRoute } from '@tanstack/react-router';
import { DocumentsList } from '../../../features/portfolio/components/documents-list';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { AccountNav } from './-components/account-nav';

export const Route = createFileRoute('/_authenticated/account/documents')({
  head: () => pageHead(t('documents.title')),
  component: Page,
});

function Page() {
  return (
    <div className="container py-8 sm:py-12">
      <p className="eyebrow">{t('account.eyebrow')}</p>
      <h1 className="page-title mt-2">{t('documents.title')}</h1>
      <AccountNav />
      <DocumentsList />
    </div>
  );
}
