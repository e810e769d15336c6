import { useId, useState, type FormEvent } from 'react';
import type { ProductDetail } from '../../../domain/products';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n';
import { useInvestFlow } from '../invest-flow';
import { parseQuantity, quantityBounds, quantityProblem, type QuantityBounds, type QuantityProblem } from '../quantity';
import { Amount, WithValues } from '../../../ui/amount';

function problemText(problem: QuantityProblem, bounds: QuantityBounds): string {
  switch (problem) {
    case 'NOT_WHOLE':
      return t('invest.quantity.notWhole');
    case 'BELOW_MIN':
      return t('invest.quantity.belowMin', { min: bounds.min });
    case 'ABOVE_MAX':
      return bounds.maxReason === 'REMAINING'
        ? t('invest.quantity.aboveRemaining', { max: bounds.max })
        : t('invest.quantity.aboveUserMax', { max: bounds.max });
    case 'BLOCKED':
      return blockText(bounds);
  }
}

function blockText(bounds: QuantityBounds): string {
  if (bounds.block === 'SOLD_OUT') return t('invest.quantity.soldOut');
  if (bounds.block === 'MAX_REACHED') return t('invest.quantity.maxReached');
  return t('invest.quantity.remainingBelowMin', { min: bounds.min });
}

/** Step 1: how many tokens, with the total shown as the number changes and the limits said up front. */
export function QuantityStep({
  product,
  openOrderTokens,
  onContinue,
}: {
  product: ProductDetail;
  openOrderTokens: number;
  onContinue: () => void;
}) {
  const flow = useInvestFlow();
  const inputId = useId();
  const bounds = quantityBounds({
    pricePerToken: product.pricePerToken,
    userMinInvestment: product.userMinInvestment,
    userMaxInvestment: product.userMaxInvestment,
    heldTokens: product.userTokenBalance ?? 0,
    openOrderTokens,
    remainingQuantity: product.remainingQuantity,
  });
  const [text, setText] = useState(() => String(flow.selectedTokens ?? (bounds.block ? '' : bounds.min)));
  const [isTouched, setIsTouched] = useState(false);
  const quantity = parseQuantity(text);
  const problem = quantityProblem(quantity, bounds);
  const money = (minor: number) => formatMoney(minor, product.currency);

  const setQuantity = (value: number) => {
    setText(String(value));
    setIsTouched(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (problem || quantity === undefined) return;
    flow.update({ selectedTokens: quantity });
    onContinue();
  };
  const showProblem = problem && (isTouched || problem === 'BLOCKED');

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <h2 className="text-xl font-bold text-ink">{t('invest.quantity.title')}</h2>
      <p className="text-sm text-ink-soft">
        <WithValues
          text={t('invest.quantity.price', { token: product.tokenName })}
          values={{ price: <Amount>{money(product.pricePerToken)}</Amount> }}
        />
      </p>
      <div>
        <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
          {t('invest.quantity.label', { token: product.tokenName })}
        </label>
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-ink-muted">
          {bounds.block ? (
            blockText(bounds)
          ) : (
            <WithValues
              text={t('invest.quantity.range', { min: bounds.min, max: bounds.max })}
              values={{
                minMoney: <Amount>{money(bounds.min * product.pricePerToken)}</Amount>,
                maxMoney: <Amount>{money(bounds.max * product.pricePerToken)}</Amount>,
              }}
            />
          )}
        </p>
        <div className="mt-2 flex items-stretch gap-2">
          <button
            type="button"
            className="btn-secondary !min-h-12 !w-12 shrink-0 !px-0"
            aria-label={t('invest.quantity.less')}
            disabled={Boolean(bounds.block) || (quantity ?? 0) <= bounds.min}
            onClick={() => setQuantity(Math.max(bounds.min, Math.min(bounds.max, (quantity ?? bounds.min) - 1)))}
          >
            <span className="i-lucide-minus" aria-hidden="true" />
          </button>
          <input
            id={inputId}
            className={`input !min-h-12 text-center text-lg font-bold ${showProblem ? '!ring-coral-600' : ''}`}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            disabled={Boolean(bounds.block)}
            aria-invalid={showProblem ? true : undefined}
            aria-describedby={`${inputId}-hint ${inputId}-total${showProblem ? ` ${inputId}-error` : ''}`}
            onChange={(event) => setText(event.target.value.replace(/[^\d]/g, '').slice(0, 9))}
            onBlur={() => setIsTouched(true)}
          />
          <button
            type="button"
            className="btn-secondary !min-h-12 !w-12 shrink-0 !px-0"
            aria-label={t('invest.quantity.more')}
            disabled={Boolean(bounds.block) || (quantity ?? 0) >= bounds.max}
            onClick={() => setQuantity(Math.min(bounds.max, Math.max(bounds.min, (quantity ?? 0) + 1)))}
          >
            <span className="i-lucide-plus" aria-hidden="true" />
          </button>
        </div>
        {showProblem ? (
          <p
            id={`${inputId}-error`}
            role="alert"
            className="mt-2 flex items-start gap-1.5 text-sm font-medium text-coral-700"
          >
            <span className="i-lucide-circle-alert mt-0.5 shrink-0" aria-hidden="true" />
            {problemText(problem, bounds)}
          </p>
        ) : null}
      </div>
      <div id={`${inputId}-total`} className="rounded-lg bg-brand-50 p-4" aria-live="polite">
        <p className="text-sm text-ink-soft">{t('invest.quantity.total')}</p>
        <p className="text-2xl font-extrabold text-ink" data-testid="invest-total">
          <Amount>{money((quantity ?? 0) * product.pricePerToken)}</Amount>
        </p>
        <p className="text-xs text-ink-muted">
          <WithValues
            text={t('invest.quantity.formula', { quantity: quantity ?? 0 })}
            values={{ price: <Amount>{money(product.pricePerToken)}</Amount> }}
          />
        </p>
      </div>
      {(product.userTokenBalance ?? 0) > 0 || openOrderTokens > 0 ? (
        <p className="text-sm text-ink-soft">
          {t('invest.quantity.already', {
            held: product.userTokenBalance ?? 0,
            open: openOrderTokens,
            token: product.tokenName,
          })}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={Boolean(bounds.block)}>
        {t('invest.continue')}
        <span className="i-lucide-arrow-right" aria-hidden="true" />
      </button>
    </form>
  );
}
