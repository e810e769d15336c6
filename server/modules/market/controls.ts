import type { MarketSettings, MarketView, TradingState } from '../../../src/domain/market';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { recordPublicLiveEvent } from '../live/service';
import { assertAdmin, assertMayActOn, type Operator } from '../operator/service';
import { cancelInTransaction } from './cancelling';
import { getMarket } from './reads';
import { findMarketOrder, findMarketSettings, findOpenOrderIds, lockMarket, upsertMarketSettings } from './repository';
import { productOf, settingsOf } from './settings';

/**
 * The operator's controls of a project's market (console and market:* commands): open, settings,
 * close, halt, resume, and cancelling every resting order. Each checks the operator's reach.
 */

async function changeState(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  change: (
    current: Awaited<ReturnType<typeof settingsOf>>,
    exists: boolean,
  ) => {
    state: TradingState;
    reason: string | null;
    settings?: Partial<Pick<MarketSettings, 'tickSize' | 'bandBp' | 'feeBp'>>;
  },
  auditType: string,
): Promise<MarketView> {
  await productOf(ctx.db, productId);
  await assertMayActOn(ctx, operator, productId);
  await ctx.db.transaction().execute(async (trx) => {
    await lockMarket(trx, productId);
    const exists = (await findMarketSettings(trx, productId)) !== undefined;
    const current = await settingsOf(trx, productId);
    const next = change(current, exists);
    const settings = { ...current, ...next.settings };
    if (settings.feeBp !== current.feeBp) assertAdmin(operator, 'change the market’s fee');
    const at = ctx.now().toISOString();
    await upsertMarketSettings(trx, {
      product_id: productId,
      state: next.state,
      state_reason: next.reason,
      tick_size: settings.tickSize,
      band_bp: settings.bandBp,
      fee_bp: settings.feeBp,
      updated_at: at,
    });
    await appendAuditEvent(
      trx,
      {
        userId: operator.userId,
        actor: 'operator',
        type: auditType,
        detail: {
          productId: String(productId),
          state: next.state,
          tickSize: String(settings.tickSize),
          bandBp: String(settings.bandBp),
          feeBp: String(settings.feeBp),
          operator: operator.label,
          ...(next.reason ? { reason: next.reason } : {}),
        },
        meta: operator.meta,
      },
      at,
    );
    await recordPublicLiveEvent(trx, at, { type: 'market', productId });
  });
  return getMarket(ctx, productId);
}

function checkSetting(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new AppError('VALIDATION_FAILED', `${name} must be a whole number from ${min} to ${max}.`);
  }
}

/** Turns trading on (or changes its settings): OPEN, with the tick, band and fee given or kept. */
export async function openMarket(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  settings: Partial<Pick<MarketSettings, 'tickSize' | 'bandBp' | 'feeBp'>> = {},
): Promise<MarketView> {
  checkSetting('The tick size', settings.tickSize, 1, Number.MAX_SAFE_INTEGER);
  checkSetting('The band', settings.bandBp, 1, 10_000);
  checkSetting('The fee', settings.feeBp, 0, 1_000);
  return changeState(ctx, operator, productId, () => ({ state: 'OPEN', reason: null, settings }), 'MARKET_OPENED');
}

/** Changes the tick, band or fee and keeps the trading state (CLOSED until first opened). */
export async function changeMarketSettings(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  settings: Partial<Pick<MarketSettings, 'tickSize' | 'bandBp' | 'feeBp'>>,
): Promise<MarketView> {
  checkSetting('The tick size', settings.tickSize, 1, Number.MAX_SAFE_INTEGER);
  checkSetting('The band', settings.bandBp, 1, 10_000);
  checkSetting('The fee', settings.feeBp, 0, 1_000);
  return changeState(
    ctx,
    operator,
    productId,
    (current) => ({ state: current.state, reason: current.stateReason, settings }),
    'MARKET_SETTINGS_CHANGED',
  );
}

/**
 * Turns trading off: no order is taken until opened again. Resting orders stay (investors may
 * cancel them; the operator may cancel them all); nothing matches while no order comes in.
 */
export async function closeMarket(ctx: AppContext, operator: Operator, productId: number): Promise<MarketView> {
  return changeState(
    ctx,
    operator,
    productId,
    (current, exists) => {
      if (!exists || current.state === 'CLOSED') {
        throw new AppError('MARKET_CLOSED', 'Trading in this project is not open; there is nothing to close.');
      }
      return { state: 'CLOSED', reason: null };
    },
    'MARKET_CLOSED',
  );
}

/** The circuit breaker: no order is taken until resumed; the reason is shown to investors. */
export async function haltMarket(ctx: AppContext, operator: Operator, productId: number, reason: string) {
  const why = reason.trim();
  if (!why) throw new AppError('VALIDATION_FAILED', 'Give the reason investors will see.');
  return changeState(
    ctx,
    operator,
    productId,
    (current, exists) => {
      if (!exists || current.state === 'CLOSED') {
        throw new AppError('MARKET_CLOSED', 'Trading in this project is not open; there is nothing to halt.');
      }
      return { state: 'HALTED', reason: why.slice(0, 500) };
    },
    'MARKET_HALTED',
  );
}

export async function resumeMarket(ctx: AppContext, operator: Operator, productId: number) {
  return changeState(
    ctx,
    operator,
    productId,
    (current) => {
      if (current.state !== 'HALTED') throw new AppError('MARKET_CLOSED', 'Trading in this project is not halted.');
      return { state: 'OPEN', reason: null };
    },
    'MARKET_RESUMED',
  );
}

/** Cancels every resting order of the project, each releasing what it holds. Answers how many. */
export async function cancelAllOrders(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  reason: string,
): Promise<number> {
  const why = reason.trim();
  if (!why) throw new AppError('VALIDATION_FAILED', 'Give the reason for cancelling the orders.');
  await productOf(ctx.db, productId);
  await assertMayActOn(ctx, operator, productId);
  return ctx.db.transaction().execute(async (trx) => {
    await lockMarket(trx, productId);
    const at = ctx.now().toISOString();
    let cancelled = 0;
    for (const id of await findOpenOrderIds(trx, productId)) {
      const row = await findMarketOrder(trx, id);
      if (
        row &&
        (await cancelInTransaction(
          ctx,
          trx,
          row,
          'OPERATOR',
          { type: 'OPERATOR', id: operator.label },
          at,
          operator.meta,
          false,
        ))
      ) {
        cancelled += 1;
      }
    }
    // One public change for the whole book, however many orders it held.
    if (cancelled > 0) await recordPublicLiveEvent(trx, at, { type: 'market', productId });
    await appendAuditEvent(
      trx,
      {
        userId: operator.userId,
        actor: 'operator',
        type: 'MARKET_ORDERS_CANCELLED',
        detail: { productId: String(productId), cancelled: String(cancelled), reason: why, operator: operator.label },
        meta: operator.meta,
      },
      at,
    );
    return cancelled;
  });
}
