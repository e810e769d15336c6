import type { Approval } from '../../src/domain/operator';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { commandLineOperator, operatorByEmail, type Operator } from '../modules/operator/service';

/** How an operator's command appears in the user's account activity. */
export const OPERATOR_META = { ip: 'operator', userAgent: 'Moa operator command' };

/** The command line's own name in records, when no account is named with --as. */
export function commandLineName(): string {
  return process.env.MOA_OPERATOR ?? process.env.USER ?? 'command line';
}

/**
 * Takes `--as <email>` out of the arguments: the admin account the command acts as. Without
 * it the command is recorded as the command line, as it always was.
 */
export async function operatorOf(
  ctx: AppContext,
  args: string[],
  options: { required?: boolean } = {},
): Promise<{ operator: Operator; rest: string[] }> {
  const rest: string[] = [];
  let email: string | null = null;
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === '--as') {
      email = args[(index += 1)] ?? '';
      if (!email) throw new AppError('VALIDATION_FAILED', 'Give the admin’s email after --as.');
    } else rest.push(args[index]!);
  }
  if (email) return { operator: await operatorByEmail(ctx, email, OPERATOR_META), rest };
  if (options.required) throw new AppError('VALIDATION_FAILED', 'Name the admin who acts with --as <email>.');
  return { operator: commandLineOperator(commandLineName(), OPERATOR_META), rest };
}

/** What a four-eyes command prints: the approval it created, and how to approve it. */
export function proposedLine(approval: Approval): string {
  return [
    `Approval ${approval.id} proposed: ${approval.summary}.`,
    `It takes effect when another admin approves it before ${approval.expiresAt}:`,
    `  npm run moa -- approval:approve ${approval.id} --as <admin email>`,
  ].join('\n');
}
