import { createHash } from 'node:crypto';
import { minutesFrom, type AppContext } from '../../context';
import { AppError } from '../../errors';
import { findBudgetWindowStart, spendBudgetUnit } from './repository';

/** The storage quota every upload spends (server/modules/uploads/storage.ts): one conditional UPDATE each. */
export { addStoredBytes, findStoredBytes, releaseStoredBytes } from './repository';

class BudgetExhausted extends Error {
  constructor(readonly budget: Budget) {
    super('budget exhausted');
  }
}

export interface Budget {
  /** What is counted and for whom, e.g. budgetKey('codes:address', email). */
  key: string;
  max: number;
  windowMinutes: number;
}

/** A budget's key: its kind, then a hash of who it counts (addresses and IPs are not stored in clear). */
export function budgetKey(kind: string, ...subjects: string[]): string {
  return `${kind}:${createHash('sha256').update(subjects.join('\u0000')).digest('base64url')}`;
}

/**
 * Spends one unit of every budget, all or none, in one transaction; the first one that is
 * exhausted refuses with RATE_LIMITED and a Retry-After of when its window ends. Budgets are
 * taken in the order given, and callers give them in one fixed order of kinds, so concurrent
 * spenders lock rows in the same order and never deadlock.
 */
export async function spendBudgets(ctx: AppContext, budgets: Budget[], refusal: string): Promise<void> {
  const now = ctx.now();
  let exhausted: Budget | null = null;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const budget of budgets) {
        const windowStartsAfter = minutesFrom(now, -budget.windowMinutes).toISOString();
        const isSpent = await spendBudgetUnit(
          trx,
          { key: budget.key, max: budget.max, windowStartsAfter },
          now.toISOString(),
        );
        // Throwing rolls back the units already taken from the budgets before this one.
        if (!isSpent) throw new BudgetExhausted(budget);
      }
    });
  } catch (error) {
    if (!(error instanceof BudgetExhausted)) throw error;
    exhausted = error.budget;
  }
  if (!exhausted) return;
  const start = await findBudgetWindowStart(ctx.db, exhausted.key);
  const end = minutesFrom(start ? new Date(start) : now, exhausted.windowMinutes).getTime();
  const seconds = Math.max(1, Math.ceil((end - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', `${refusal} Try again in ${Math.ceil(seconds / 60)} min.`, {
    'retry-after': String(seconds),
  });
}
