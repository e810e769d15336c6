import { useState, type FormEvent, type ReactNode } from 'react';
import type { ProductDetail } from '../../../domain/products';
import { t } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { Amount, WithValues } from '../../../ui/amount';
import { BALANCE_METHOD, useInvestFlow } from '../invest-flow';

/** The investor's cash balance against this order's total, as the page composing the flow reads it. */
export interface BalancePay {
  available: number;
  currency: string;
  covers: boolean;
  /** What the balance lacks to pay the order (0 when it covers it). */
  shortfall: number;
}

/** The balance as the first choice: open when it pays the whole order, else what is missing and where to add it. */
function BalanceOption({
  balance,
  isChecked,
  onSelect,
  depositLink,
}: {
  balance: BalancePay;
  isChecked: boolean;
  onSelect: () => void;
  depositLink: ReactNode;
}) {
  const money = (minor: number) => <Amount>{formatMoney(minor, balance.currency)}</Amount>;
  return (
    <div
      className={`rounded-lg p-4 ring-1 ring-inset ${isChecked ? 'bg-brand-50 ring-brand-700' : balance.covers ? 'bg-white ring-line' : 'bg-paper ring-line'}`}
    >
      <label
        className={`focus-within:(ring-3 ring-brand-400) flex items-start gap-3 rounded ${balance.covers ? 'cursor-pointer' : ''}`}
      >
        <input
          type="radio"
          name="payMethod"
          value={BALANCE_METHOD}
          checked={isChecked}
          disabled={!balance.covers}
          aria-describedby="balance-pay-hint"
          onChange={onSelect}
          className="mt-1 h-5 w-5 shrink-0 accent-brand-800"
        />
        <span className="i-lucide-wallet mt-0.5 shrink-0 text-xl text-brand-800" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block font-semibold text-ink">{t('invest.method.balance')}</span>
          <span className="block text-sm text-ink-soft">
            <WithValues text={t('invest.method.balanceAvailable')} values={{ amount: money(balance.available) }} />
          </span>
        </span>
      </label>
      <p id="balance-pay-hint" className="mt-1 pl-16 text-xs text-ink-muted">
        {balance.covers ? (
          t('invest.method.balanceHint')
        ) : (
          <WithValues text={t('invest.method.balanceShort')} values={{ amount: money(balance.shortfall) }} />
        )}
      </p>
      {balance.covers ? null : <p className="mt-1 pl-16 text-sm">{depositLink}</p>}
    </div>
  );
}

/** Step 2: the cash balance, bank transfer or crypto, among the methods this project accepts. */
export function PayMethodStep({
  product,
  balance,
  depositLink,
  onBack,
  onContinue,
}: {
  product: ProductDetail;
  /** Null while unknown (loading, offline, not available): the step offers transfers only. */
  balance: BalancePay | null;
  depositLink: ReactNode;
  onBack: () => void;
  onContinue: () => void;
}) {
  const flow = useInvestFlow();
  const [selected, setSelected] = useState(
    flow.selectedMethod || (product.payMethods.length === 1 ? String(product.payMethods[0]!.id) : ''),
  );
  const [error, setError] = useState<string | null>(null);
  const canPayFromBalance = balance?.covers === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isBalance = selected === BALANCE_METHOD && canPayFromBalance;
    if (!isBalance && !product.payMethods.some((method) => String(method.id) === selected)) {
      setError(t('invest.method.choose'));
      return;
    }
    flow.update({ selectedMethod: selected });
    onContinue();
  };
  if (!product.payMethods.length) {
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-bold text-ink">{t('invest.method.title')}</h2>
        <p role="alert" className="text-ink-soft">
          {t('invest.method.none')}
        </p>
        <button type="button" className="btn-ghost" onClick={onBack}>
          {t('invest.back')}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <fieldset aria-describedby={error ? 'method-error' : undefined}>
        <legend className="text-xl font-bold text-ink">{t('invest.method.title')}</legend>
        <p className="mt-1 text-sm text-ink-soft">{t('invest.method.intro')}</p>
        <div className="mt-4 grid gap-3">
          {balance ? (
            <BalanceOption
              balance={balance}
              isChecked={selected === BALANCE_METHOD && canPayFromBalance}
              depositLink={depositLink}
              onSelect={() => {
                setSelected(BALANCE_METHOD);
                setError(null);
              }}
            />
          ) : null}
          {product.payMethods.map((method) => {
            const value = String(method.id);
            const isChecked = selected === value;
            return (
              <label
                key={method.id}
                className={`focus-within:(ring-3 ring-brand-400) flex min-h-16 cursor-pointer items-start gap-3 rounded-lg p-4 ring-1 ring-inset ${isChecked ? 'bg-brand-50 ring-brand-700' : 'bg-white ring-line hover:bg-paper'}`}
              >
                <input
                  type="radio"
                  name="payMethod"
                  value={value}
                  checked={isChecked}
                  onChange={() => {
                    setSelected(value);
                    setError(null);
                  }}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-800"
                />
                <span
                  className={`mt-0.5 shrink-0 text-xl text-brand-800 ${method.payMethodType === 'ACCOUNT' ? 'i-lucide-landmark' : 'i-lucide-coins'}`}
                  aria-hidden="true"
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">
                    {method.payMethodType === 'ACCOUNT' ? t('invest.method.account') : t('invest.method.crypto')}
                  </span>
                  <span className="block text-sm text-ink-soft">
                    {method.name} · {method.alias}
                  </span>
                  <span className="mt-1 block text-xs text-ink-muted">
                    {method.payMethodType === 'ACCOUNT'
                      ? t('invest.method.accountHint')
                      : t('invest.method.cryptoHint')}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {error ? (
          <p id="method-error" role="alert" className="mt-2 text-sm font-medium text-coral-700">
            {error}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">
          {t('invest.continue')}
          <span className="i-lucide-arrow-right" aria-hidden="true" />
        </button>
        <button type="button" className="btn-ghost" onClick={onBack}>
          {t('invest.back')}
        </button>
      </div>
    </form>
  );
}
