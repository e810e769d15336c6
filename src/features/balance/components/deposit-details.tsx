import { lazy, Suspense } from 'react';
import type { CashBalance } from '../../../domain/cash';
import { t } from '../../../lib/i18n';
import { CopyButton } from '../../../ui/copy-button';

// The QR library loads with this section only, never with the rest of the app.
const QrCode = lazy(() => import('../../../ui/qr-code').then((module) => ({ default: module.QrCode })));

function Detail({ label, value, isMono = false }: { label: string; value: string; isMono?: boolean }) {
  return (
    <div className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{label}</dt>
        <dd className={`font-semibold text-ink ${isMono ? 'break-all font-mono text-sm' : 'break-words'}`}>{value}</dd>
      </div>
      <CopyButton value={value} label={label} />
    </div>
  );
}

/** What a transfer to the platform needs, as one text a banking app or a phone camera can read. */
export function transferText(balance: CashBalance): string | null {
  const account = balance.depositAccount;
  if (!account) return null;
  return [
    `${t('balance.deposit.bankName')}: ${account.bankName}`,
    `${t('balance.deposit.accountNumber')}: ${account.accountNumber}`,
    `${t('balance.deposit.accountHolder')}: ${account.accountHolder}`,
    `${t('balance.deposit.reference')}: ${balance.depositReference}`,
  ].join('\n');
}

/**
 * The investor's own deposit reference and where to pay in: the platform's bank account and, when
 * it takes crypto, its address with the reference as memo. Every value has its copy button.
 */
export function DepositDetails({ balance }: { balance: CashBalance }) {
  const text = transferText(balance);
  const wallet = balance.depositWallet;
  return (
    <section className="card p-4 sm:p-6" aria-labelledby="deposit-title">
      <h2 id="deposit-title" className="text-lg font-bold text-ink">
        {t('balance.deposit.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t('balance.deposit.intro')}</p>
      <div className="mt-3 rounded-lg bg-gold-100 p-3">
        <dl>
          <Detail label={t('balance.deposit.reference')} value={balance.depositReference} isMono />
        </dl>
        <p className="text-sm text-ink">{t('balance.deposit.referenceHint')}</p>
      </div>
      {balance.depositAccount ? (
        <div className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-start">
          <dl className="min-w-0 flex-1 divide-y divide-line" data-testid="deposit-account">
            <Detail label={t('balance.deposit.bankName')} value={balance.depositAccount.bankName} />
            <Detail label={t('balance.deposit.accountNumber')} value={balance.depositAccount.accountNumber} isMono />
            <Detail label={t('balance.deposit.accountHolder')} value={balance.depositAccount.accountHolder} />
          </dl>
          {text ? (
            <figure className="flex shrink-0 flex-col items-center gap-2">
              <Suspense fallback={<span className="block h-48 w-48 animate-pulse rounded-md bg-paper" />}>
                <QrCode value={text} label={t('balance.deposit.qrLabel')} />
              </Suspense>
              <figcaption className="max-w-48 text-center text-xs text-ink-muted">
                {t('balance.deposit.qrCaption')}
              </figcaption>
            </figure>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-ink-muted">{t('balance.deposit.noAccount')}</p>
      )}
      {wallet ? (
        <div className="mt-4 border-t border-line pt-4">
          <h3 className="font-semibold text-ink">{t('balance.deposit.cryptoTitle')}</h3>
          <dl className="divide-y divide-line">
            <Detail label={t('balance.deposit.walletAddress')} value={wallet.address} isMono />
            <Detail label={t('balance.deposit.memo')} value={balance.depositReference} isMono />
          </dl>
          <p className="text-sm text-ink-soft">
            {t('balance.deposit.cryptoHint', { asset: wallet.asset, network: wallet.network })}
          </p>
        </div>
      ) : null}
    </section>
  );
}
