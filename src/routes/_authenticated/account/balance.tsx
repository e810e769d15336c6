import { useSuspenseQueries } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { readWholeNumber } from '../../../domain/search';
import { BalanceEntries } from '../../../features/balance/components/balance-entries';
import { DepositDetails } from '../../../features/balance/components/deposit-details';
import { WithdrawForm } from '../../../features/balance/components/withdraw-form';
import { WithdrawalsList } from '../../../features/balance/components/withdrawals-list';
import { balanceQueryOptions } from '../../../features/balance/queries';
import { addressesQueryOptions, bankDetailsQueryOptions } from '../../../features/portfolio/queries';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { Amount } from '../../../ui/amount';

/**
 * Money in and out on one page: the balance, how to pay in, withdrawals and every entry. One
 * route, no loader: each route's definition is part of the first page, so the page loads its
 * data itself (and, offline, from what this device saved).
 */
export interface BalanceSearch {
  /** An entry to show and mark (the revenue page links each paid share to its entry). */
  entry?: number;
}

export const Route = createFileRoute('/_authenticated/account/balance')({
  staticData: { texts: ['catalogue'] },
  validateSearch: (search: Record<string, unknown>): BalanceSearch => ({ entry: readWholeNumber(search.entry) }),
  head: () => pageHead(t('balance.title')),
  component: Page,
});

function Figure({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) {
  return (
    <div className="card p-4 sm:p-5">
      <p className="text-sm text-ink-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold text-ink" data-testid={testId}>
        <Amount>{value}</Amount>
      </p>
      <p className="mt-1 text-xs text-ink-muted">{hint}</p>
    </div>
  );
}

function Page() {
  const [{ data: balance }, { data: bank }, { data: addresses }] = useSuspenseQueries({
    queries: [balanceQueryOptions(), bankDetailsQueryOptions(), addressesQueryOptions()],
  });
  const { entry } = Route.useSearch();
  const [month, setMonth] = useState<string | null>(null);
  const account = bank.bankDetails;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="page-title">{t('balance.title')}</h1>
        <p className="mt-2 max-w-2xl text-ink-soft">{t('balance.intro')}</p>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:max-w-3xl">
        <Figure
          label={t('balance.available')}
          value={formatMoney(balance.available, balance.currency)}
          hint={t('balance.availableHint')}
          testId="balance-available"
        />
        <Figure
          label={t('balance.held')}
          value={formatMoney(balance.held, balance.currency)}
          hint={t('balance.heldHint')}
          testId="balance-held"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <a href="#withdraw" className="btn-primary">
          <span className="i-lucide-banknote-arrow-up" aria-hidden="true" />
          {t('balance.withdraw')}
        </a>
        <Link to="/projects" className="btn-secondary">
          {t('balance.invest')}
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <DepositDetails balance={balance} />
        <div id="withdraw" className="scroll-mt-24 space-y-6">
          <WithdrawForm
            balance={balance}
            destinations={{
              bank: account ? { label: `${account.bankName} · ${account.holderName} · ${account.maskedNumber}` } : null,
              wallets: addresses.addresses.map((wallet) => ({
                id: wallet.id,
                label: `${wallet.label} · ${wallet.network} · ${wallet.address}`,
              })),
            }}
            onSetUpDestination={
              <>
                <Link to="/account/bank-details" className="btn-primary">
                  {t('withdraw.addBank')}
                </Link>
                <Link to="/account/address-book" className="btn-secondary">
                  {t('withdraw.addWallet')}
                </Link>
              </>
            }
          />
          <WithdrawalsList />
        </div>
      </div>
      <BalanceEntries month={month} onMonthChange={setMonth} openedId={entry} />
    </div>
  );
}
