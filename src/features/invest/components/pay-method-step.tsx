import { useState, type FormEvent } from 'react';
import type { ProductDetail } from '../../../domain/products';
import { t } from '../../../lib/i18n';
import { useInvestFlow } from '../invest-flow';

/** Step 2: bank transfer or crypto, among the methods this project accepts. */
export function PayMethodStep({
  product,
  onBack,
  onContinue,
}: {
  product: ProductDetail;
  onBack: () => void;
  onContinue: () => void;
}) {
  const flow = useInvestFlow();
  const [selected, setSelected] = useState(
    flow.selectedMethod || (product.payMethods.length === 1 ? String(product.payMethods[0]!.id) : ''),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!product.payMethods.some((method) => String(method.id) === selected)) {
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
