import { approvalStates, type ApprovalState } from '../../src/domain/operator';
import { AppError } from '../errors';
import { approve } from '../modules/operator/actions';
import { listApprovals, rejectApproval } from '../modules/operator/approvals';
import type { Command } from './commands';
import { operatorOf } from './operator';

/** Four eyes from the command line: proposals are listed, approved or rejected by a named admin. */
export const approvalCommands: Record<string, Command> = {
  'approval:list': {
    args: '[PENDING|APPROVED|REJECTED|EXPIRED]',
    summary: 'List proposals of four-eyes actions (by default those waiting)',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [state],
      } = await operatorOf(ctx, args);
      const wanted = state ?? 'PENDING';
      if (!(approvalStates as readonly string[]).includes(wanted)) {
        throw new AppError('VALIDATION_FAILED', `The state must be one of ${approvalStates.join(', ')}.`);
      }
      const rows = await listApprovals(ctx, operator, wanted as ApprovalState);
      if (!rows.length) return `No ${wanted.toLowerCase()} approvals.`;
      return rows
        .map((row) =>
          [
            row.id,
            row.state,
            row.proposedAt,
            `by ${row.proposedBy}`,
            row.state === 'PENDING'
              ? `expires ${row.expiresAt}`
              : `${row.decidedBy ?? ''} ${row.decidedAt ?? ''}`.trim(),
            row.summary,
            row.reason ? `(${row.reason})` : '',
          ]
            .filter(Boolean)
            .join('  '),
        )
        .join('\n');
    },
  },
  'approval:approve': {
    args: '<id> --as <email>',
    summary: 'Approve a proposal as an admin other than its proposer: the action takes effect once',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [id],
      } = await operatorOf(ctx, args, { required: true });
      if (!id) throw new AppError('VALIDATION_FAILED', 'Give the approval id (see approval:list).');
      const { approval, effect } = await approve(ctx, operator, id);
      const what = effect.order
        ? `order ${effect.order.reference} is ${effect.order.state}`
        : effect.distribution
          ? `distribution ${effect.distribution.distributionId} shared ${effect.distribution.amount} minor units among ${effect.distribution.holders} holders`
          : 'the role was granted';
      return `Approved ${approval.id}: ${what}.`;
    },
  },
  'approval:reject': {
    args: '<id> --as <email> <reason…>',
    summary: 'Reject a proposal (its proposer may withdraw it this way); nothing takes effect',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [id, ...reason],
      } = await operatorOf(ctx, args, { required: true });
      if (!id) throw new AppError('VALIDATION_FAILED', 'Give the approval id (see approval:list).');
      const text = reason.join(' ').trim();
      if (!text) throw new AppError('VALIDATION_FAILED', 'Give the reason for rejecting it.');
      const approval = await rejectApproval(ctx, operator, id, text);
      return `Rejected ${approval.id}: ${approval.summary}.`;
    },
  },
};
