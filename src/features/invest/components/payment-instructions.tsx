import { toMajorUnitsNumeral } from '../../../domain/money';
import type { Order } from '../../../domain/orders';
import { t } from '../../../lib/i18n';
import { formatExactMoney } from '../../../lib/money';
import { QrCode } from '../../../ui/qr-code';
import { formatDateTime } from '../order-texts';
import { formatTimeLeft, msUntil, useNow } from '../time-left';
import { CopyValue } from './copy-value';
import { Amount } from '../../../ui/amount';

/** The deadline and the time left, ticking; an expired deadline says so instead of counting. */
export function Deadline({ iso }: { iso: string }) {
  const now = useNow();
  const left = msUntil(iso, now);
  return (
    <div className={`rounded-lg p-4 ${left > 0 ? 'bg-gold-100 text-gold-700' : 'bg-coral-50 text-coral-800'}`}>
      <p className="flex items-center gap-2 text-sm font-semibold">
        <span className="i-lucide-clock" aria-hidden="true" />
        {t('invest.pay.deadline', { date: formatDateTime(iso) })}
      </p>
      {/* The ticking number is not announced each second; the deadline above is. */}
      <p className="mt-1 text-lg font-extrabold" aria-hidden="true" data-testid="time-left">
        {left > 0 ? t('invest.pay.timeLeft', { left: formatTimeLeft(left) }) : t('invest.pay.deadlinePassed')}
      </p>
    </div>
  );
}

/** Everything needed to make the transfer, each value with a copy button (once the contract is signed). */
export function PaymentInstructions({ order }: { order: Order }) {
  const instructions = order.paymentInstructions;
  if (!instructions) return null;
  const amount = formatExactMoney(instructions.amount, instructions.currency);
  // The amount as typed into a banking app: major units with every minor digit (none for KRW).
  const amountPlain = toMajorUnitsNumeral(instructions.amount, instructions.currency);
  return (
    <section aria-labelledby="instructions-title" className="space-y-4">
      <h2 id="instructions-title" className="text-xl font-bold text-ink">
        {instructions.payMethodType === 'ACCOUNT' ? t('invest.pay.bankTitle') : t('invest.pay.cryptoTitle')}
      </h2>
      <p className="text-sm text-ink-soft">
        {instructions.payMethodType === 'ACCOUNT' ? t('invest.pay.bankIntro') : t('invest.pay.cryptoIntro')}
      </p>
      <dl className="divide-y divide-line rounded-lg px-4 ring-1 ring-line">
        <CopyValue
          label={t('invest.pay.amount')}
          value={amountPlain}
          display={
            instructions.payMethodType === 'CRYPTO' ? (
              <>
                <Amount>{`${amountPlain} ${instructions.asset}`}</Amount> (<Amount>{amount}</Amount>)
              </>
            ) : (
              <Amount>{amount}</Amount>
            )
          }
        />
        {instructions.payMethodType === 'ACCOUNT' ? (
          <>
            <CopyValue label={t('invest.pay.bankName')} value={instructions.bankName} />
            <CopyValue label={t('invest.pay.accountNumber')} value={instructions.accountNumber} isMono />
            <CopyValue label={t('invest.pay.accountHolder')} value={instructions.accountHolder} />
          </>
        ) : (
          <>
            <CopyValue label={t('invest.pay.walletAddress')} value={instructions.walletAddress} isMono />
            <CopyValue label={t('invest.pay.network')} value={instructions.network} />
          </>
        )}
        <CopyValue label={t('invest.pay.reference')} value={instructions.reference} isMono />
      </dl>
      {instructions.payMethodType === 'CRYPTO' ? (
        <div className="flex flex-col items-center gap-2 sm:flex-row sm:items-start sm:gap-4">
          <div className="shrink-0">
            <QrCode
              value={instructions.walletAddress}
              label={t('invest.pay.qrLabel', { network: instructions.network })}
            />
          </div>
          <p className="text-sm text-ink-soft">
            {t('invest.pay.cryptoWarning', { asset: instructions.asset, network: instructions.network })}
          </p>
        </div>
      ) : (
        <p className="text-sm text-ink-soft">{t('invest.pay.referenceHint')}</p>
      )}
      <Deadline iso={instructions.deadline} />
    </section>
  );
}
