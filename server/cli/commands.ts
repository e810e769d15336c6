import { readFile } from 'node:fs/promises';
import type { AppContext } from '../context';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../errors';
import { storedLocation } from '../modules/kyc/files';
import { listUsedFiles, listWaitingReviews } from '../modules/kyc/service';
import { userRoles, type UserRole } from '../../src/domain/auth';
import { findUserByEmailAddress } from '../modules/users/service';
import { addDocument, replaceDocument } from '../modules/documents/service';
import { documentAddFieldsSchema } from '../../src/domain/project-documents';
import { expireDueOrders, listOrdersForOperator } from '../modules/orders/service';
import { orderStates, type OrderState } from '../../src/domain/order-state';
import type { OrderOutcome, ReviewDecisionRequest } from '../../src/domain/operator';
import { sendPromotion } from '../modules/notifications/service';
import {
  allowWhitelist,
  banAccount,
  cancelOrder,
  changeRole,
  confirmPayment,
  declineWhitelist,
  listWhitelistRequests,
  refundOrder,
  rejectPayment,
  reviewIdentity,
  reviewInvestor,
  unbanAccount,
} from '../modules/operator/actions';
import { governanceCommands } from './governance-commands';
import { accountCommands } from './account-commands';
import { cashCommands } from './cash-commands';
import { approvalCommands } from './approval-commands';
import { statementCommands } from './statement-commands';
import { postCommands } from './post-commands';
import { marketCommands } from './market-commands';
import { projectCommands } from './project-commands';
import { OPERATOR_META, operatorOf, proposedLine } from './operator';

export interface Command {
  args: string;
  summary: string;
  /** The command migrates by itself (every other one runs after the database is migrated). */
  migrates?: true;
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
function parseDecision(args: string[], { allowHold }: { allowHold: boolean }): ReviewDecisionRequest {
  const [answer, ...rest] = args;
  if (answer === 'GREEN') {
    const message = rest.join(' ').trim();
    return message ? { answer, message } : { answer };
  }
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
            lines.push(`    ${file.used_as}  ${file.content_type}  ${storedLocation(ctx, file)}`);
        }
      }
      for (const row of investors) {
        lines.push(`investor  ${row.submitted_at}  ${row.email ?? row.user_id}  [${row.basis}]  ${row.details}`);
        for (const file of await listUsedFiles(ctx, row.user_id)) {
          if (file.used_as === 'EVIDENCE')
            lines.push(`    EVIDENCE  ${file.content_type}  ${storedLocation(ctx, file)}`);
        }
      }
      return lines.length ? lines.join('\n') : 'No verifications are waiting.';
    },
  },
  'kyc:review': {
    args: '<email> GREEN|RED|HOLD [RETRY|FINAL] [message…] [--as <email>]',
    summary: 'Answer an identity check; RED needs RETRY or FINAL and a message',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [email, ...rest],
      } = await operatorOf(ctx, args);
      const userId = await userIdByEmail(ctx, email);
      const decision = parseDecision(rest, { allowHold: true });
      const status = await reviewIdentity(ctx, operator, userId, decision);
      const answer = status.answer ? ` ${status.answer}${status.rejectType ? ` ${status.rejectType}` : ''}` : '';
      return `Identity check of ${email}: ${status.status}${answer}.`;
    },
  },
  'investor:review': {
    args: '<email> GREEN|RED [RETRY|FINAL] [message…] [--as <email>]',
    summary: 'Answer an investor verification; RED needs RETRY or FINAL and a message',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [email, ...rest],
      } = await operatorOf(ctx, args);
      const userId = await userIdByEmail(ctx, email);
      const decision = parseDecision(rest, { allowHold: false });
      const status = await reviewInvestor(ctx, operator, userId, decision);
      return `Investor verification of ${email}: ${status.status}${status.rejectType ? ` ${status.rejectType}` : ''}.`;
    },
  },
  'user:ban': {
    args: '<email> <reason…> [--as <email>]',
    summary: 'Ban a user: they can sign in and read, every action is refused',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [email, ...reason],
      } = await operatorOf(ctx, args);
      const text = reason.join(' ').trim();
      if (!text) throw new AppError('VALIDATION_FAILED', 'Give the reason the user will see.');
      await banAccount(ctx, operator, await userIdByEmail(ctx, email), text);
      return `Banned ${email}: ${text}. Their sessions were ended.`;
    },
  },
  'user:unban': {
    args: '<email> [--as <email>]',
    summary: 'Lift a ban',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [email],
      } = await operatorOf(ctx, args);
      await unbanAccount(ctx, operator, await userIdByEmail(ctx, email));
      return `Lifted the ban on ${email}.`;
    },
  },
  'user:role': {
    args: '<email> USER|SELLER|ADMIN [--as <email>]',
    summary: 'Grant an operator role (SELLER, ADMIN) or take it back (USER); granting ADMIN is four eyes',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [email, role],
      } = await operatorOf(ctx, args);
      if (!(userRoles as readonly string[]).includes(role ?? '')) {
        throw new AppError('VALIDATION_FAILED', `The role must be ${userRoles.join(', ')}.`);
      }
      const outcome = await changeRole(ctx, operator, await userIdByEmail(ctx, email), role as UserRole);
      if (outcome.approval) return proposedLine(outcome.approval);
      return `${email} now has the role ${role}.`;
    },
  },
  'whitelist:list': {
    args: '[--as <email>]',
    summary: 'List access requests for restricted projects that wait for an answer',
    run: async (ctx, args) => {
      const { operator } = await operatorOf(ctx, args);
      const rows = await listWhitelistRequests(ctx, operator);
      if (!rows.length) return 'No access requests are waiting.';
      return rows
        .map((row) => `${row.requestedAt}  project ${row.productId} (${row.productName})  ${row.email ?? row.userId}`)
        .join('\n');
    },
  },
  'whitelist:allow': {
    args: '<email> <productId> [--as <email>]',
    summary: 'Allow a user to see and invest in a restricted project',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [email, productId],
      } = await operatorOf(ctx, args);
      const id = parseProductId(productId);
      const userId = await userIdByEmail(ctx, email);
      const ids = await allowWhitelist(ctx, operator, id, userId);
      return `Allowed ${email} on project ${id}. Allowed projects now: ${ids.allowedProductIds.join(', ') || 'none'}.`;
    },
  },
  'whitelist:decline': {
    args: '<email> <productId> [reason…] [--as <email>]',
    summary: 'Decline a waiting access request, with an optional reason; the user may ask again',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [email, productId, ...reason],
      } = await operatorOf(ctx, args);
      const id = parseProductId(productId);
      await declineWhitelist(ctx, operator, id, await userIdByEmail(ctx, email), reason.join(' ').trim() || null);
      return `Declined the request of ${email} for project ${id}.`;
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
  ...cashCommands,
  ...approvalCommands,
  ...statementCommands,
  ...postCommands,
  ...marketCommands,
  ...projectCommands,
};

/** The bytes of a file named on the command line (the service checks what they are). */
async function readDocumentFile(file: string | undefined): Promise<Buffer> {
  if (!file) throw new AppError('VALIDATION_FAILED', 'Give the path of the PDF.');
  try {
    return await readFile(file);
  } catch {
    throw new AppError('NOT_FOUND', `Cannot read the file ${file}.`);
  }
}

function requireReason(words: string[], what: string): string {
  const reason = words.join(' ').trim();
  if (!reason) throw new AppError('VALIDATION_FAILED', `Give the reason the investor will read for the ${what}.`);
  return reason;
}

function orderCommands(): Record<string, Command> {
  const actions = {
    CONFIRM_PAYMENT: confirmPayment,
    REJECT_PAYMENT: rejectPayment,
    CANCEL: cancelOrder,
    REFUND: refundOrder,
  };
  const act =
    (action: keyof typeof actions, what: string, needsReason: boolean) => async (ctx: AppContext, args: string[]) => {
      const {
        operator,
        rest: [reference, ...words],
      } = await operatorOf(ctx, args);
      if (!reference) throw new AppError('VALIDATION_FAILED', 'Give the order reference (MOA-…).');
      const note = needsReason ? requireReason(words, what) : words.join(' ').trim() || null;
      const outcome: OrderOutcome = await actions[action](ctx, operator, reference, note as string);
      if (outcome.approval) return proposedLine(outcome.approval);
      const { order } = outcome;
      return `Order ${order.reference}: ${order.state} (${order.quantity} tokens of project ${order.productId}, ${order.amount} ${order.currency} minor units).`;
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
      args: '<reference> [--as <email>]',
      summary: 'Confirm the payment of an order: its tokens are credited (above the four-eyes amount: proposed)',
      run: act('CONFIRM_PAYMENT', 'confirmation', false),
    },
    'payment:reject': {
      args: '<reference> <reason…> [--as <email>]',
      summary: 'Reject a declared payment that cannot be matched (four eyes); the tokens return to sale',
      run: act('REJECT_PAYMENT', 'rejection', true),
    },
    'order:cancel': {
      args: '<reference> <reason…> [--as <email>]',
      summary: 'Cancel an order that is not paid yet; the tokens return to sale',
      run: act('CANCEL', 'cancellation', true),
    },
    'order:refund': {
      args: '<reference> <reason…> [--as <email>]',
      summary: 'Refund a confirmed order (four eyes): the tokens leave the holding and return to sale',
      run: act('REFUND', 'refund', true),
    },
    migrate: {
      args: '',
      summary: 'Migrate the database to the latest version and stop (once, before starting processes)',
      migrates: true,
      run: async (ctx) => {
        const applied = (await migrateToLatest(ctx.db)).results?.map((result) => result.migrationName) ?? [];
        return applied.length > 0
          ? `Applied ${applied.length} migrations, the last ${applied[applied.length - 1]}.`
          : 'The database is up to date.';
      },
    },
    'order:expire': {
      args: '',
      summary: 'Expire every unpaid order past its deadline now (safe beside running servers)',
      run: async (ctx) => `Expired ${await expireDueOrders(ctx, 10_000)} orders.`,
    },
    'document:replace': {
      args: '<productId> <documentId> <file.pdf> [note…] [--as <email>]',
      summary: 'Replace a project document with a PDF; earlier versions stay downloadable in its history',
      run: async (ctx, args) => {
        const { operator, rest } = await operatorOf(ctx, args);
        const [productId, documentId, file, ...note] = rest;
        const id = parseProductId(productId);
        const docId = Number(documentId);
        if (!Number.isInteger(docId) || docId < 1) {
          throw new AppError('VALIDATION_FAILED', `"${documentId ?? ''}" is not a document id.`);
        }
        const result = await replaceDocument(ctx, {
          productId: id,
          documentId: docId,
          bytes: await readDocumentFile(file),
          note: note.join(' ').trim() || null,
          editor: operator,
        });
        return `Document ${docId} of project ${id} is now version ${result.version} (SHA-256 ${result.sha256}), at ${result.url}.`;
      },
    },
    'document:add': {
      args: '<productId> <file.pdf> <name…> [--as <email>]',
      summary: 'Add a document (a PDF) to a project; its page lists it after the others',
      run: async (ctx, args) => {
        const { operator, rest } = await operatorOf(ctx, args);
        const [productId, file, ...name] = rest;
        const id = parseProductId(productId);
        const fields = documentAddFieldsSchema.safeParse({ name: name.join(' ') });
        if (!fields.success)
          throw new AppError('VALIDATION_FAILED', 'Give the document’s name (at most 200 characters).');
        const result = await addDocument(ctx, {
          productId: id,
          name: fields.data.name,
          bytes: await readDocumentFile(file),
          note: null,
          editor: operator,
        });
        return `Document ${result.documentId} added to project ${id} (SHA-256 ${result.sha256}), at ${result.url}.`;
      },
    },
  };
}
