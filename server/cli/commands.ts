import type { AppContext } from '../context';
import { AppError } from '../errors';
import { allowProductForUser, listPendingWhitelistRequests } from '../modules/products/service';
import { storedPath } from '../modules/kyc/files';
import { recordInvestorDecision } from '../modules/kyc/investor-verification';
import { listUsedFiles, listWaitingReviews, recordReviewDecision, type OperatorDecision } from '../modules/kyc/service';
import { userRoles, type UserRole } from '../../src/domain/auth';
import { banUser, changeUserRole, findUserByEmailAddress, unbanUser } from '../modules/users/service';
import { replaceDocument } from '../modules/documents/service';
import { expireDueOrders, listOrdersForOperator, operatorAction } from '../modules/orders/service';
import { orderStates, type OrderState } from '../../src/domain/order-state';
import { sendPromotion } from '../modules/notifications/service';
import { governanceCommands } from './governance-commands';
import { accountCommands } from './account-commands';

/** How an operator's command appears in the user's account activity. */
const OPERATOR_META = { ip: 'operator', userAgent: 'Moa operator command' };

export interface Command {
  args: string;
  summary: string;
  run: (ctx: AppContext, args: string[]) => Promise<string>;
}

function parseProductId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new AppError('VALIDATION_FAILED', `"${value ?? ''}" is not a project id.`);
  return id;
}

async function userIdByEmail(ctx: AppContext, email: string | undefined): Promise<string> {
  if (!email) throw new AppError('VALIDATION_FAILED', 'Give the user’s email address.');
  const user = await findUserByEmailAddress(ctx, email);
  if (!user) throw new AppError('NOT_FOUND', `No user with the email ${email}.`);
  return user.id;
}

/**
 * GREEN [message…] | RED RETRY|FINAL <message…> | HOLD <message…>. A rejection or a hold
 * always says why, because the user reads it on their identity page.
 */
function parseDecision(args: string[], { allowHold }: { allowHold: boolean }): OperatorDecision {
  const [answer, ...rest] = args;
  if (answer === 'GREEN') return { answer, message: rest.join(' ').trim() || null };
  if (answer === 'HOLD' && allowHold) {
    const message = rest.join(' ').trim();
    if (!message) throw new AppError('VALIDATION_FAILED', 'Say what the user still needs to send.');
    return { answer, message };
  }
  if (answer === 'RED') {
    const [rejectType, ...words] = rest;
    if (rejectType !== 'RETRY' && rejectType !== 'FINAL') {
      throw new AppError('VALIDATION_FAILED', 'After RED give RETRY (the user may fix and resubmit) or FINAL.');
    }
    const message = words.join(' ').trim();
    if (!message) throw new AppError('VALIDATION_FAILED', 'Give the message the user will see.');
    return { answer, rejectType, message };
  }
  throw new AppError('VALIDATION_FAILED', `The answer must be GREEN, RED${allowHold ? ' or HOLD' : ''}.`);
}

export const commands: Record<string, Command> = {
  'kyc:list': {
    args: '',
    summary: 'List identity and investor verifications waiting for review, with their files',
    run: async (ctx) => {
      const { identities, investors } = await listWaitingReviews(ctx);
      const lines: string[] = [];
      for (const row of identities) {
        const entity = row.investor_type === 'COMPANY' ? `  entity ${row.entity_name} (${row.entity_number})` : '';
        lines.push(
          `identity  ${row.submitted_at ?? '-'}  ${row.email ?? row.user_id}  [${row.review_status}]  ${row.legal_name ?? ''}, born ${row.date_of_birth ?? '-'}, ${row.country_of_residence ?? '-'}, ${row.document_type ?? '-'}${entity}`,
        );
        for (const file of await listUsedFiles(ctx, row.user_id)) {
          if (file.used_as !== 'EVIDENCE')
            lines.push(`    ${file.used_as}  ${file.content_type}  ${storedPath(ctx, file)}`);
        }
      }
      for (const row of investors) {
        lines.push(`investor  ${row.submitted_at}  ${row.email ?? row.user_id}  [${row.basis}]  ${row.details}`);
        for (const file of await listUsedFiles(ctx, row.user_id)) {
          if (file.used_as === 'EVIDENCE') lines.push(`    EVIDENCE  ${file.content_type}  ${storedPath(ctx, file)}`);
        }
      }
      return lines.length ? lines.join('\n') : 'No verifications are waiting.';
    },
  },
  'kyc:review': {
    args: '<email> GREEN|RED|HOLD [RETRY|FINAL] [message…]',
    summary: 'Answer an identity check; RED needs RETRY or FINAL and a message',
    run: async (ctx, [email, ...rest]) => {
      const userId = await userIdByEmail(ctx, email);
      const decision = parseDecision(rest, { allowHold: true });
      const status = await recordReviewDecision(ctx, userId, decision, OPERATOR_META);
      const answer = status.reviewAnswer
        ? ` ${status.reviewAnswer}${status.rejectType ? ` ${status.rejectType}` : ''}`
        : '';
      return `Identity check of ${email}: ${status.reviewStatus}${answer}.`;
    },
  },
  'investor:review': {
    args: '<email> GREEN|RED [RETRY|FINAL] [message…]',
    summary: 'Answer an investor verification; RED needs RETRY or FINAL and a message',
    run: async (ctx, [email, ...rest]) => {
      const userId = await userIdByEmail(ctx, email);
      const decision = parseDecision(rest, { allowHold: false });
      if (decision.answer === 'HOLD') throw new AppError('VALIDATION_FAILED', 'The answer must be GREEN or RED.');
      const status = await recordInvestorDecision(ctx, userId, decision, OPERATOR_META);
      return `Investor verification of ${email}: ${status.status}${status.rejectType ? ` ${status.rejectType}` : ''}.`;
    },
  },
  'user:ban': {
    args: '<email> <reason…>',
    summary: 'Ban a user: they can sign in and read, every action is refused',
    run: async (ctx, [email, ...reason]) => {
      const text = reason.join(' ').trim();
      if (!text) throw new AppError('VALIDATION_FAILED', 'Give the reason the user will see.');
      await banUser(ctx, await userIdByEmail(ctx, email), text, OPERATOR_META);
      return `Banned ${email}: ${text}. Their sessions were ended.`;
    },
  },
  'user:unban': {
    args: '<email>',
    summary: 'Lift a ban',
    run: async (ctx, [email]) => {
      await unbanUser(ctx, await userIdByEmail(ctx, email), OPERATOR_META);
      return `Lifted the ban on ${email}.`;
    },
  },
  'user:role': {
    args: '<email> USER|SELLER|ADMIN',
    summary: 'Grant an operator role (SELLER, ADMIN) or take it back (USER)',
    run: async (ctx, [email, role]) => {
      if (!(userRoles as readonly string[]).includes(role ?? '')) {
        throw new AppError('VALIDATION_FAILED', `The role must be ${userRoles.join(', ')}.`);
      }
      await changeUserRole(ctx, await userIdByEmail(ctx, email), role as UserRole, OPERATOR_META);
      return `${email} now has the role ${role}.`;
    },
  },
  'whitelist:list': {
    args: '',
    summary: 'List access requests for restricted projects that wait for an answer',
    run: async (ctx) => {
      const rows = await listPendingWhitelistRequests(ctx);
      if (!rows.length) return 'No access requests are waiting.';
      return rows
        .map(
          (row) => `${row.requested_at}  project ${row.product_id} (${row.product_name})  ${row.email ?? row.user_id}`,
        )
        .join('\n');
    },
  },
  'whitelist:allow': {
    args: '<email> <productId>',
    summary: 'Allow a user to see and invest in a restricted project',
    run: async (ctx, [email, productId]) => {
      const id = parseProductId(productId);
      const userId = await userIdByEmail(ctx, email);
      const ids = await allowProductForUser(ctx, id, userId, 'operator (command line)', OPERATOR_META);
      return `Allowed ${email} on project ${id}. Allowed projects now: ${ids.allowedProductIds.join(', ') || 'none'}.`;
    },
  },
  ...orderCommands(),
  'promote:send': {
    args: '<productId> <title> <body…>',
    summary: 'Send a promotion of a project to every investor who turned promotions on',
    run: async (ctx, [productId, title, ...body]) => {
      const id = parseProductId(productId);
      const text = body.join(' ').trim();
      if (!title?.trim() || !text) throw new AppError('VALIDATION_FAILED', 'Give a title (quoted) and a body.');
      const sent = await sendPromotion(ctx, { productId: id, title: title.trim(), body: text }, OPERATOR_META);
      return `Promotion of project ${id} stored for ${sent.recipientCount} investor(s); ${sent.pushCount} push message(s) queued for the API's outbox sweep.`;
    },
  },
  ...governanceCommands,
  ...accountCommands,
};

/** Who acted, as recorded in the order's events and the audit detail. */
function operatorName(): string {
  return `operator:${process.env.MOA_OPERATOR ?? process.env.USER ?? 'command line'}`;
}

function requireReason(words: string[], what: string): string {
  const reason = words.join(' ').trim();
  if (!reason) throw new AppError('VALIDATION_FAILED', `Give the reason the investor will read for the ${what}.`);
  return reason;
}

function orderCommands(): Record<string, Command> {
  const act =
    (action: 'CONFIRM_PAYMENT' | 'REJECT_PAYMENT' | 'CANCEL' | 'REFUND', what: string, needsReason: boolean) =>
    async (ctx: AppContext, [reference, ...words]: string[]) => {
      if (!reference) throw new AppError('VALIDATION_FAILED', 'Give the order reference (MOA-…).');
      const note = needsReason ? requireReason(words, what) : words.join(' ').trim() || null;
      const order = await operatorAction(ctx, reference, action, operatorName(), note, OPERATOR_META);
      return `Order ${order.reference}: ${order.state} (${order.quantity} × ${order.product.tokenName}, ${order.amount} ${order.currency} minor units).`;
    };
  return {
    'order:list': {
      args: '[state]',
      summary: `List orders, newest first; state is one of ${orderStates.join(', ')}`,
      run: async (ctx, [state]) => {
        if (state && !(orderStates as readonly string[]).includes(state)) {
          throw new AppError('VALIDATION_FAILED', `The state must be one of ${orderStates.join(', ')}.`);
        }
        const rows = await listOrdersForOperator(ctx, (state as OrderState | undefined) ?? null);
        if (!rows.length) return state ? `No ${state} orders.` : 'No orders.';
        return rows
          .map((row) => {
            const paid = row.payer_name ? `  payer "${row.payer_name}"` : row.tx_hash ? `  tx ${row.tx_hash}` : '';
            return `${row.reference}  ${row.state.padEnd(16)}  ${row.created_at}  ${row.email ?? row.user_id}  project ${row.product_id} (${row.product_name})  ${row.quantity} tokens  ${row.amount} ${row.currency}  ${row.pay_method_type}  expires ${row.expires_at}${paid}`;
          })
          .join('\n');
      },
    },
    'payment:confirm': {
      args: '<reference>',
      summary: 'Confirm the payment of an order: its tokens are credited to the investor',
      run: act('CONFIRM_PAYMENT', 'confirmation', false),
    },
    'payment:reject': {
      args: '<reference> <reason…>',
      summary: 'Reject a declared payment that cannot be matched; the tokens return to sale',
      run: act('REJECT_PAYMENT', 'rejection', true),
    },
    'order:cancel': {
      args: '<reference> <reason…>',
      summary: 'Cancel an order that is not paid yet; the tokens return to sale',
      run: act('CANCEL', 'cancellation', true),
    },
    'order:refund': {
      args: '<reference> <reason…>',
      summary: 'Refund a confirmed order: the tokens leave the holding and return to sale',
      run: act('REFUND', 'refund', true),
    },
    'order:expire': {
      args: '',
      summary: 'Expire every unpaid order past its deadline now (safe beside running servers)',
      run: async (ctx) => `Expired ${await expireDueOrders(ctx, 10_000)} orders.`,
    },
    'document:replace': {
      args: '<productId> <documentId> <file> [note…]',
      summary: 'Replace a project document; earlier versions stay downloadable in its history',
      run: async (ctx, [productId, documentId, file, ...note]) => {
        const id = parseProductId(productId);
        const docId = Number(documentId);
        if (!Number.isInteger(docId) || docId < 1) {
          throw new AppError('VALIDATION_FAILED', `"${documentId ?? ''}" is not a document id.`);
        }
        if (!file) throw new AppError('VALIDATION_FAILED', 'Give the path of the new file.');
        const result = await replaceDocument(
          ctx,
          {
            productId: id,
            documentId: docId,
            filePath: file,
            note: note.join(' ').trim() || null,
            operator: operatorName(),
          },
          OPERATOR_META,
        );
        return `Document ${docId} of project ${id} is now version ${result.version} (SHA-256 ${result.sha256}), at ${result.url}.`;
      },
    },
  };
}
