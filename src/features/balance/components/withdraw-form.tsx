import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { CashBalance } from '../../../domain/cash';
import { t, type MessageKey } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useIsOnline } from '../../../lib/use-online';
import { Amount, WithValues } from '../../../ui/amount';
import { CodeField, Field, FormError } from '../../../ui/field';
import { useRequestWithdrawal } from '../mutations';
import { checkWithdrawalAmount } from '../statement';

/** Where a payout may go: the saved bank account, or one of the saved wallets. */
export interface WithdrawalDestinations {
  bank: { label: string } | null;
  wallets: ReadonlyArray<{ id: string; label: string }>;
}

const amountErrors: Record<'invalid' | 'overAvailable' | 'overDailyLimit', MessageKey> = {
  invalid: 'withdraw.amountInvalid',
  overAvailable: 'withdraw.amountOverAvailable',
  overDailyLimit: 'withdraw.amountOverLimit',
};

/**
 * A payout from the available balance, to the saved bank details or a saved wallet, confirmed
 * with a current authenticator code as changing the bank details is. The amount is typed in
 * whole currency units and sent in minor units.
 */
export function WithdrawForm({
  balance,
  destinations,
  onSetUpDestination,
}: {
  balance: CashBalance;
  destinations: WithdrawalDestinations;
  onSetUpDestination: ReactNode;
}) {
  const isOnline = useIsOnline();
  const request = useRequestWithdrawal();
  const [amountText, setAmountText] = useState('');
  const options = [
    ...(destinations.bank ? [{ value: 'BANK', label: destinations.bank.label, icon: 'i-lucide-landmark' }] : []),
    ...destinations.wallets.map((wallet) => ({ value: wallet.id, label: wallet.label, icon: 'i-lucide-wallet' })),
  ];
  const [picked, setDestination] = useState<string | null>(null);
  // The first place to pay to until the investor picks one; also when the saved places change
  // under the form (the saved copy shown first, then the fresh one).
  const destination = options.some((option) => option.value === picked) ? picked! : (options[0]?.value ?? '');
  const [code, setCode] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const hasDestination = options.length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWithdrawalAmount(amountText, balance);
    if (checked.error) {
      setAmountError(t(amountErrors[checked.error]));
      return;
    }
    setAmountError(null);
    request.mutate(
      {
        amount: checked.amount,
        destination: destination === 'BANK' ? { type: 'BANK' } : { type: 'WALLET', addressId: destination },
        code,
      },
      {
        onSuccess: () => {
          toast.success(t('withdraw.requested'));
          setAmountText('');
          setCode('');
        },
      },
    );
  };

  if (!hasDestination) {
    return (
      <section className="card p-4 sm:p-6" aria-labelledby="withdraw-title">
        <h2 id="withdraw-title" className="text-lg font-bold text-ink">
          {t('withdraw.formTitle')}
        </h2>
        <p className="mt-2 text-ink-soft">{t('withdraw.noDestination')}</p>
        <div className="mt-4 flex flex-wrap gap-3">{onSetUpDestination}</div>
      </section>
    );
  }

  const money = (minor: number) => <Amount>{formatMoney(minor, balance.currency)}</Amount>;
  return (
    <form className="card space-y-5 p-4 sm:p-6" onSubmit={onSubmit} noValidate aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className="text-lg font-bold text-ink">
        {t('withdraw.formTitle')}
      </h2>
      <Field
        label={t('withdraw.amount', { currency: balance.currency })}
        hint={
          <WithValues
            text={t('withdraw.amountHint')}
            values={{ available: money(balance.available), remaining: money(balance.withdrawalDailyRemaining) }}
          />
        }
        value={amountText}
        onChange={(event) => setAmountText(event.target.value)}
        inputMode="decimal"
        autoComplete="off"
        error={amountError}
        required
      />
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{t('withdraw.destination')}</legend>
        <div className="mt-2 grid gap-2">
          {[
            ...(destinations.bank
              ? [{ value: 'BANK', label: destinations.bank.label, icon: 'i-lucide-landmark' }]
              : []),
            ...destinations.wallets.map((wallet) => ({
              value: wallet.id,
              label: wallet.label,
              icon: 'i-lucide-wallet',
            })),
          ].map((option) => (
            <label
              key={option.value}
              className={`focus-within:(ring-3 ring-brand-400) flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-4 py-2 ring-1 ring-inset ${destination === option.value ? 'bg-brand-50 ring-brand-700' : 'bg-white ring-line hover:bg-paper'}`}
            >
              <input
                type="radio"
                name="destination"
                value={option.value}
                checked={destination === option.value}
                onChange={() => setDestination(option.value)}
                className="h-5 w-5 shrink-0 accent-brand-800"
              />
              <span className={`shrink-0 text-lg text-brand-800 ${option.icon}`} aria-hidden="true" />
              <span className="min-w-0 break-words text-sm font-semibold text-ink">{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <CodeField
        label={t('withdraw.code')}
        hint={t('withdraw.codeHint')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormError message={request.error?.message} />
      <button
        type="submit"
        className="btn-primary w-full sm:w-auto"
        disabled={!isOnline || request.isPending}
        title={isOnline ? undefined : t('offline.actionUnavailable')}
      >
        {isOnline ? t('withdraw.submit') : t('offline.actionUnavailable')}
      </button>
    </form>
  );
}
