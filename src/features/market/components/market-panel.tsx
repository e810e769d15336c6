import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, useState, type FormEvent } from 'react';
import { feeOf, type MarketSide, type MarketView } from '../../../domain/market';
import { parseMajorAmount } from '../../../domain/money';
import { t } from '../../../lib/i18n';
import { formatMoney, formatNumber } from '../../../lib/money';
import { useIsOnline } from '../../../lib/use-online';
import { Field, FormError } from '../../../ui/field';
import { usePlaceMarketOrder } from '../mutations';
import { marketQueryOptions } from '../queries';
import { AfterHydration } from '../../../ui/on-demand';

// The chart library comes only when a market is shown.
const MarketChart = lazy(() => import('./market-chart'));

/**
 * The project's market between investors (src/domain/market.ts): the book by price, the last
 * price with the day's change and volume, and a buy or sell form that shows the total, the fee
 * and what the order will hold before it is placed. Loaded in its own chunk; nothing shows while
 * trading has never been opened.
 */
export default function MarketPanel({ productId, tokenName }: { productId: number; tokenName: string }) {
  const { data: market } = useQuery(marketQueryOptions(productId));
  if (!market || market.state === 'CLOSED') return null;
  return (
    <section className="card space-y-5 p-4 sm:p-6" aria-labelledby="market-title" data-testid="market-panel">
      <h2 id="market-title" className="text-lg font-bold text-ink">
        {t('market.title')}
      </h2>
      {market.state === 'HALTED' ? (
        <p role="status" className="rounded-md bg-coral-50 px-4 py-3 text-sm font-medium text-coral-800">
          {t('market.halted', { reason: market.stateReason ?? '' })}
        </p>
      ) : null}
      <MarketFigures market={market} />
      <AfterHydration fallback={<p className="text-sm text-ink-muted">{t('market.chart.loading')}</p>}>
        <MarketChart productId={productId} />
      </AfterHydration>
      <div className="grid gap-4 sm:grid-cols-2">
        <BookSide market={market} side="BUY" />
        <BookSide market={market} side="SELL" />
      </div>
      {market.state === 'OPEN' ? <OrderForm market={market} tokenName={tokenName} /> : null}
      <Link to="/account/market" className="text-link inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold">
        <span className="i-lucide-arrow-left-right" aria-hidden="true" />
        {t('market.mine.link')}
      </Link>
    </section>
  );
}

function MarketFigures({ market }: { market: MarketView }) {
  const money = (minor: number) => formatMoney(minor, market.currency);
  const change = market.dayChange;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-ink-muted">{t('market.lastPrice')}</dt>
        <dd className="font-semibold text-ink" data-testid="market-last-price">
          {market.lastPrice === null ? '–' : money(market.lastPrice)}
        </dd>
      </div>
      <div>
        <dt className="text-ink-muted">{t('market.dayChange')}</dt>
        <dd className="font-semibold text-ink">
          {change === null ? '–' : `${change > 0 ? '+' : change < 0 ? '−' : ''}${money(Math.abs(change))}`}
        </dd>
      </div>
      <div>
        <dt className="text-ink-muted">{t('market.dayVolume')}</dt>
        <dd className="font-semibold text-ink">{formatNumber(market.dayVolume)}</dd>
      </div>
      <div>
        <dt className="text-ink-muted">{t('market.band')}</dt>
        <dd className="font-semibold text-ink">
          {money(market.band.low)} – {money(market.band.high)}
        </dd>
      </div>
    </dl>
  );
}

function BookSide({ market, side }: { market: MarketView; side: MarketSide }) {
  const levels = side === 'BUY' ? market.bids : market.asks;
  const title = side === 'BUY' ? t('market.bids') : t('market.asks');
  return (
    <table className="w-full text-sm" data-testid={side === 'BUY' ? 'market-bids' : 'market-asks'}>
      <caption className="text-left font-semibold text-ink">{title}</caption>
      <thead>
        <tr className="text-ink-muted">
          <th scope="col" className="text-left font-medium">
            {t('market.price')}
          </th>
          <th scope="col" className="text-right font-medium">
            {t('market.quantity')}
          </th>
        </tr>
      </thead>
      <tbody>
        {levels.length === 0 ? (
          <tr>
            <td colSpan={2} className="text-ink-muted">
              {t('market.empty')}
            </td>
          </tr>
        ) : (
          levels.map((level) => (
            <tr key={level.price}>
              <td className={side === 'BUY' ? 'text-brand-700' : 'text-coral-700'}>
                {formatMoney(level.price, market.currency)}
              </td>
              <td className="text-right">{formatNumber(level.quantity)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function OrderForm({ market, tokenName }: { market: MarketView; tokenName: string }) {
  const isOnline = useIsOnline();
  const place = usePlaceMarketOrder(market.productId);
  const [side, setSide] = useState<MarketSide>('BUY');
  const [priceText, setPriceText] = useState('');
  const [quantityText, setQuantityText] = useState('');
  // A local date and time from the picker; empty: good until cancelled.
  const [goodUntilText, setGoodUntilText] = useState('');
  const [placed, setPlaced] = useState<string | null>(null);
  const price = parseMajorAmount(priceText, market.currency);
  const quantity = /^\d+$/.test(quantityText.trim()) ? Number(quantityText.trim()) : null;
  const total = price !== null && quantity !== null && quantity > 0 ? price * quantity : null;
  const fee = total === null ? null : feeOf(total, market.feeBp);
  const money = (minor: number) => formatMoney(minor, market.currency);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (price === null || quantity === null || quantity < 1) return;
    setPlaced(null);
    place.mutate(
      {
        side,
        price,
        quantity,
        ...(goodUntilText && !Number.isNaN(Date.parse(goodUntilText))
          ? { goodUntil: new Date(goodUntilText).toISOString() }
          : {}),
      },
      {
        onSuccess: (result) => {
          const filled = result.fills.reduce((sum, fill) => sum + fill.quantity, 0);
          setPlaced(t('market.placed', { filled, quantity: result.order.quantity }));
          setQuantityText('');
        },
      },
    );
  };

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-labelledby="market-form-title">
      <h3 id="market-form-title" className="font-bold text-ink">
        {t('market.formTitle')}
      </h3>
      <fieldset className="flex gap-4">
        <legend className="sr-only">{t('market.side')}</legend>
        {(['BUY', 'SELL'] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm font-semibold">
            <input type="radio" name="side" checked={side === value} onChange={() => setSide(value)} />
            {value === 'BUY' ? t('market.buy') : t('market.sell')}
          </label>
        ))}
      </fieldset>
      <Field
        label={t('market.priceLabel', { currency: market.currency })}
        hint={t('market.priceHint', { low: money(market.band.low), high: money(market.band.high) })}
        value={priceText}
        onChange={(event) => setPriceText(event.target.value)}
        inputMode="decimal"
        autoComplete="off"
        required
      />
      <Field
        label={t('market.quantityLabel', { token: tokenName })}
        value={quantityText}
        onChange={(event) => setQuantityText(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <Field
        label={t('market.goodUntilLabel')}
        hint={t('market.goodUntilHint')}
        type="datetime-local"
        value={goodUntilText}
        onChange={(event) => setGoodUntilText(event.target.value)}
        autoComplete="off"
      />
      {total !== null && fee !== null ? (
        <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="market-summary">
          <dt className="text-ink-muted">{t('market.total')}</dt>
          <dd className="text-right font-semibold">{money(total)}</dd>
          <dt className="text-ink-muted">{side === 'SELL' ? t('market.feeSeller') : t('market.feeBuyer')}</dt>
          <dd className="text-right font-semibold">{side === 'SELL' ? money(fee) : money(0)}</dd>
          <dt className="text-ink-muted">{t('market.held')}</dt>
          <dd className="text-right font-semibold">
            {side === 'BUY' ? money(total) : t('market.heldTokens', { quantity: quantity ?? 0 })}
          </dd>
        </dl>
      ) : null}
      <FormError message={place.error?.message} />
      {placed ? (
        <p role="status" className="text-sm font-medium text-brand-800">
          {placed}
        </p>
      ) : null}
      {!isOnline ? <p className="text-sm text-ink-muted">{t('market.offline')}</p> : null}
      <button
        type="submit"
        className="btn-primary min-h-11 w-full"
        disabled={!isOnline || total === null || place.isPending}
      >
        {side === 'BUY' ? t('market.placeBuy') : t('market.placeSell')}
      </button>
    </form>
  );
}
