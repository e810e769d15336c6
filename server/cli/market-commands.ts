import type { MarketView } from '../../src/domain/market';
import { AppError } from '../errors';
import {
  cancelAllOrders,
  changeMarketSettings,
  closeMarket,
  haltMarket,
  openMarket,
  resumeMarket,
} from '../modules/market/controls';
import type { Command } from './commands';
import { operatorOf } from './operator';

function productIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
    throw new AppError('VALIDATION_FAILED', `"${value ?? ''}" is not a project id.`);
  }
  return id;
}

/** `--tick 10 --band-bp 3000 --fee-bp 100`, each optional: the settings market:open changes. */
function settingsOf(args: string[]): {
  settings: { tickSize?: number; bandBp?: number; feeBp?: number };
  rest: string[];
} {
  const names: Record<string, 'tickSize' | 'bandBp' | 'feeBp'> = {
    '--tick': 'tickSize',
    '--band-bp': 'bandBp',
    '--fee-bp': 'feeBp',
  };
  const settings: { tickSize?: number; bandBp?: number; feeBp?: number } = {};
  const rest: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const name = names[args[index]!];
    if (!name) {
      rest.push(args[index]!);
      continue;
    }
    const value = args[(index += 1)];
    if (!value || !/^\d+$/.test(value))
      throw new AppError('VALIDATION_FAILED', `${args[index - 1]} needs a whole number.`);
    settings[name] = Number(value);
  }
  return { settings, rest };
}

const line = (market: MarketView) =>
  `Project ${market.productId}: trading ${market.state}${market.stateReason ? ` (${market.stateReason})` : ''}; ` +
  `tick ${market.tickSize}, band ±${market.bandBp} bp around ${market.referencePrice} (${market.band.low}–${market.band.high}), fee ${market.feeBp} bp.`;

/** The market between investors from the command line: the same service functions as the console. */
export const marketCommands: Record<string, Command> = {
  'market:open': {
    args: '<productId> [--tick <minor units>] [--band-bp <bp>] [--fee-bp <bp>] [--as <email>]',
    summary: 'Turn trading on for a project (or change its tick, daily band and fee)',
    run: async (ctx, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const {
        settings,
        rest: [productId],
      } = settingsOf(rest);
      return line(await openMarket(ctx, operator, productIdOf(productId), settings));
    },
  },
  'market:settings': {
    args: '<productId> [--tick <minor units>] [--band-bp <bp>] [--fee-bp <bp>] [--as <email>]',
    summary: 'Change a project’s tick, daily band or fee and keep its trading state',
    run: async (ctx, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const {
        settings,
        rest: [productId],
      } = settingsOf(rest);
      if (!Object.keys(settings).length) {
        throw new AppError('VALIDATION_FAILED', 'Give --tick, --band-bp or --fee-bp.');
      }
      return line(await changeMarketSettings(ctx, operator, productIdOf(productId), settings));
    },
  },
  'market:close': {
    args: '<productId> [--as <email>]',
    summary: 'Turn trading off for a project (resting orders stay until cancelled)',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [productId],
      } = await operatorOf(ctx, args);
      return line(await closeMarket(ctx, operator, productIdOf(productId)));
    },
  },
  'market:halt': {
    args: '<productId> <reason…> [--as <email>]',
    summary: 'Halt trading in a project; investors see the reason',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [productId, ...reason],
      } = await operatorOf(ctx, args);
      return line(await haltMarket(ctx, operator, productIdOf(productId), reason.join(' ')));
    },
  },
  'market:resume': {
    args: '<productId> [--as <email>]',
    summary: 'Resume trading in a halted project',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [productId],
      } = await operatorOf(ctx, args);
      return line(await resumeMarket(ctx, operator, productIdOf(productId)));
    },
  },
  'market:cancel-all': {
    args: '<productId> <reason…> [--as <email>]',
    summary: 'Cancel every resting order of a project, releasing what each holds',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [productId, ...reason],
      } = await operatorOf(ctx, args);
      const count = await cancelAllOrders(ctx, operator, productIdOf(productId), reason.join(' '));
      return `Cancelled ${count} resting order${count === 1 ? '' : 's'} of project ${productId}.`;
    },
  },
};
