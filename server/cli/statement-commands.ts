import { readFile } from 'node:fs/promises';
import { statementLineStates, type StatementLine, type StatementLineState } from '../../src/domain/bank-statements';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import {
  assignStatementLine,
  confirmStatementLines,
  importStatement,
  listStatementLines,
  previewStatement,
  returnStatementLine,
  saveStatementMapping,
} from '../modules/operator/statements';
import type { Command } from './commands';
import { operatorOf } from './operator';

/** Takes `--name value` options out of the arguments; the rest stay in order. */
function options(args: string[], names: readonly string[]) {
  const found: Record<string, string> = {};
  const rest: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const name = args[index]!.startsWith('--') ? args[index]!.slice(2) : null;
    if (name && names.includes(name)) {
      const value = args[(index += 1)];
      if (!value) throw new AppError('VALIDATION_FAILED', `Give a value after --${name}.`);
      found[name] = value;
    } else rest.push(args[index]!);
  }
  return { found, rest };
}

async function fileBytes(path: string | undefined): Promise<Uint8Array> {
  if (!path) throw new AppError('VALIDATION_FAILED', 'Give the statement file.');
  return readFile(path);
}

function bankOf(found: Record<string, string>): string {
  const bank = found.bank?.trim();
  if (!bank) throw new AppError('VALIDATION_FAILED', 'Name the bank with --bank <name>.');
  return bank;
}

function lineText(line: StatementLine): string {
  return [
    line.id,
    line.state,
    line.match,
    line.bookedOn,
    `${line.amount} ${line.currency} minor units`,
    line.payer,
    `"${line.message}"`,
    line.orderReference ? `order ${line.orderReference} (${line.orderState})` : '',
    line.note ? `(${line.note})` : '',
  ]
    .filter(Boolean)
    .join('  ');
}

/** Bank statements from the command line, through the same service as the console. */
export const statementCommands: Record<string, Command> = {
  'statement:map': {
    args: '<file> --bank <name> --date <column> --amount <column> --payer <column> --message <column> [--currency-column <column>] [--currency <code>] [--as <email>]',
    summary: 'Remember which columns of a bank’s statement file hold the date, amount, payer and message',
    run: async (ctx: AppContext, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const { found, rest: files } = options(rest, [
        'bank',
        'date',
        'amount',
        'payer',
        'message',
        'currency-column',
        'currency',
      ]);
      const bank = bankOf(found);
      const preview = await previewStatement(ctx, operator, bank, await fileBytes(files[0]));
      const mapping = await saveStatementMapping(ctx, operator, {
        bank,
        headers: preview.headers,
        columns: {
          date: found.date ?? '',
          amount: found.amount ?? '',
          payer: found.payer ?? '',
          message: found.message ?? '',
          currency: found['currency-column'] ?? null,
        },
        currency: found.currency ?? ctx.config.CURRENCY,
      });
      return `Saved the columns of ${mapping.bank}: date "${mapping.columns.date}", amount "${mapping.columns.amount}", payer "${mapping.columns.payer}", message "${mapping.columns.message}".`;
    },
  },
  'statement:import': {
    args: '<file> --bank <name> [--as <email>]',
    summary: 'Import a bank statement file: each line once, matched to an order by reference and amount',
    run: async (ctx, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const { found, rest: files } = options(rest, ['bank']);
      const result = await importStatement(ctx, operator, bankOf(found), await fileBytes(files[0]));
      const counts = Object.entries(result.counts)
        .map(([outcome, count]) => `${count} ${outcome.toLowerCase().replaceAll('_', ' ')}`)
        .join(', ');
      return [
        `Imported ${result.lines.length} lines of ${result.bank}: ${counts}.`,
        ...result.lines.map((entry) => `line ${entry.lineNumber}: ${entry.outcome}  ${lineText(entry.line)}`),
      ].join('\n');
    },
  },
  'statement:lines': {
    args: `[${statementLineStates.join('|')}]`,
    summary: 'List imported statement lines (UNMATCHED: the lines waiting for an operator)',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [state],
      } = await operatorOf(ctx, args);
      if (state && !(statementLineStates as readonly string[]).includes(state)) {
        throw new AppError('VALIDATION_FAILED', `The state must be one of ${statementLineStates.join(', ')}.`);
      }
      const lines = await listStatementLines(ctx, operator, (state as StatementLineState | undefined) ?? null);
      return lines.length ? lines.map(lineText).join('\n') : 'No statement lines.';
    },
  },
  'statement:confirm': {
    args: '<lineId…>|--matched [--as <email>]',
    summary: 'Confirm the orders of matched statement lines, each once (above the four-eyes amount: proposed)',
    run: async (ctx, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const ids = rest.includes('--matched')
        ? (await listStatementLines(ctx, operator, 'MATCHED')).map((line) => line.id)
        : rest;
      if (!ids.length) return 'No matched lines to confirm.';
      const { results } = await confirmStatementLines(ctx, operator, ids);
      return results
        .map((result) =>
          [
            `${result.lineId}: ${result.outcome}`,
            result.line.orderReference ? `order ${result.line.orderReference} is ${result.line.orderState}` : '',
            result.line.approvalId ? `approval ${result.line.approvalId}` : '',
          ]
            .filter(Boolean)
            .join('  '),
        )
        .join('\n');
    },
  },
  'statement:assign': {
    args: '<lineId> <reference> <note…> [--as <email>]',
    summary: 'Resolve a waiting statement line by hand: the named order’s payment is confirmed',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [id, reference, ...note],
      } = await operatorOf(ctx, args);
      if (!id || !reference || !note.join(' ').trim()) {
        throw new AppError('VALIDATION_FAILED', 'Give the line id, the order reference and a note.');
      }
      const { status, line } = await assignStatementLine(ctx, operator, id, reference, note.join(' ').trim());
      return `Line ${line.id} ${status === 'PROPOSED' ? `proposed for order ${line.orderReference} (approval ${line.approvalId})` : `paid order ${line.orderReference}`}.`;
    },
  },
  'statement:return': {
    args: '<lineId> <note…> [--as <email>]',
    summary: 'Resolve a waiting statement line as returned to the payer',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [id, ...note],
      } = await operatorOf(ctx, args);
      if (!id || !note.join(' ').trim()) throw new AppError('VALIDATION_FAILED', 'Give the line id and a note.');
      const { line } = await returnStatementLine(ctx, operator, id, note.join(' ').trim());
      return `Line ${line.id} marked as returned to ${line.payer}.`;
    },
  },
};
