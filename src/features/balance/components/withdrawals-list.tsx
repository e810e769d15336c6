import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Withdrawal, WithdrawalState } from '../../../domain/cash';
import { formatDateTime } from '../../../lib/dates';
import { t, type MessageKey } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useIsOnline } from '../../../lib/use-online';
import { Amount } from '../../../ui/amount';
import { useCancelWithdrawal } from '../mutations';
import { withdrawalsQueryOptions } from '../queries';

const stateStyles: Record<WithdrawalState, string> = {
  PENDING: 'bg-gold-100 text-ink',
  PAID: 'bg-jade-100 text-jade-800',
  RETURNED: 'bg-coral-50 text-coral-800',
  CANCELLED: 'bg-paper text-ink-soft',
};

function CancelButton({ withdrawal }: { withdrawal: Withdrawal }) {
  const isOnline = useIsOnline();
  const cancel = useCancelWithdrawal();
  return (
    <button
      type="button"
      className="btn-ghost"
      disabled={!isOnline || cancel.isPending}
      title={isOnline ? undefined : t('offline.actionUnavailable')}
      aria-label={t('withdraw.cancelLabel', { amount: formatMoney(withdrawal.amount, withdrawal.currency) })}
      onClick={() =>
        cancel.mutate(withdrawal.id, {
          onSuccess: () => toast.success(t('withdraw.cancelled')),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      {t('withdraw.cancel')}
    </button>
  );
}

/** Every payout asked for, newest first, with its state; one still pending can be cancelled. */
export function WithdrawalsList() {
  const { data } = useQuery(withdrawalsQueryOptions());
  if (!data) return null;
  return (
    <section className="card p-4 sm:p-6" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className="text-lg font-bold text-ink">
        {t('withdraw.listTitle')}
      </h2>
      {data.withdrawals.length ? (
        <ul className="mt-3 divide-y divide-line" data-testid="withdrawals">
          {data.withdrawals.map((withdrawal) => (
            <li
              key={withdrawal.id}
              id={`withdrawal-${withdrawal.id}`}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Amount className="font-semibold text-ink">
                    {formatMoney(withdrawal.amount, withdrawal.currency)}
                  </Amount>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateStyles[withdrawal.state]}`}>
                    {t(`withdraw.state.${withdrawal.state}` as MessageKey)}
                  </span>
                </p>
                <p className="break-words text-sm text-ink-soft">{withdrawal.destination.label}</p>
                <p className="text-xs text-ink-muted">
                  <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time>
                  {withdrawal.awaitingApproval ? ` · ${t('withdraw.awaitingApproval')}` : null}
                  {withdrawal.settledAt && withdrawal.state === 'PAID'
                    ? ` · ${t('withdraw.paidOn', { date: formatDateTime(withdrawal.settledAt) })}`
                    : null}
                </p>
                {withdrawal.returnReason ? (
                  <p className="text-sm text-coral-800">
                    {t('withdraw.returnedBecause', { reason: withdrawal.returnReason })}
                  </p>
                ) : null}
              </div>
              {withdrawal.canCancel ? <CancelButton withdrawal={withdrawal} /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-ink-muted">{t('withdraw.none')}</p>
      )}
    </section>
  );
}
