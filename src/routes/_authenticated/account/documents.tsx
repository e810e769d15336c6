import { createFileRoute } from '@tanstack/react-router';
import { CashStatementsList } from '../../../features/balance/components/cash-statements-list';
import { DocumentsList } from '../../../features/portfolio/components/documents-list';
import { StatementDownload, StatementsList } from '../../../features/portfolio/components/statements-list';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';

export const Route = createFileRoute('/_authenticated/account/documents')({
  head: () => pageHead(t('documents.title')),
  component: Page,
});

function Page() {
  return (
    <div>
      <h1 className="page-title">{t('documents.title')}</h1>
      <DocumentsList />
      <StatementsList />
      <CashStatementsList download={(statement) => <StatementDownload statement={statement} />} />
    </div>
  );
}
