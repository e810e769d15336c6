import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../src/domain/orders';
import {
  approvalListQuerySchema,
  approvalListResponseSchema,
  approvalOutcomeSchema,
  approvalParamsSchema,
  approvalSchema,
  declaredPaymentListSchema,
  distributionCommitRequestSchema,
  distributionOutcomeSchema,
  distributionPreviewSchema,
  distributionRequestSchema,
  doneSchema,
  optionalNoteRequestSchema,
  optionalReasonRequestSchema,
  orderOutcomeSchema,
  orderReferenceParamsSchema,
  queueResponseSchema,
  reasonRequestSchema,
  reviewDecisionRequestSchema,
  reviewOutcomeSchema,
  roleOutcomeSchema,
  roleRequestSchema,
  userParamsSchema,
  whitelistParamsSchema,
  whitelistRequestListSchema,
} from '../../../src/domain/operator';
import {
  depositConfirmRequestSchema,
  depositConfirmResponseSchema,
  operatorWithdrawalResultSchema,
  operatorWithdrawalsQuerySchema,
  operatorWithdrawalsResponseSchema,
  withdrawalPaidRequestSchema,
  withdrawalParamsSchema,
  withdrawalReturnRequestSchema,
} from '../../../src/domain/cash';
import { AppError } from '../../errors';
import {
  allowWhitelist,
  approve,
  banAccount,
  cancelOrder,
  changeRole,
  commitRevenueDistribution,
  confirmPayment,
  declineWhitelist,
  listDeclaredPayments,
  listWhitelistRequests,
  previewRevenueDistribution,
  refundOrder,
  rejectPayment,
  reviewIdentity,
  reviewInvestor,
  unbanAccount,
} from './actions';
import { expireDueApprovals, listApprovals, rejectApproval } from './approvals';
import { creditDeposit, listWithdrawals, payWithdrawal, sendBackWithdrawal } from './cash-actions';
import { getQueue } from './service';
import { operatorRoute } from './operator-route';
import { registerSweep } from '../../plugins/sweep';
import { statementRoutes } from './statement-routes';
import { peopleRoutes } from './people-routes';
import { operatorGovernanceRoutes } from './governance-routes';
import { operatorOrderRoutes } from './orders-routes';

/**
 * The operator console's API. Each route checks the role (ROLE_REQUIRED keeps the session) and
 * calls the same action the command line calls; a seller's projects and four eyes are the
 * actions' own rules, so they hold here and on the command line alike.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Sellers reach the routes that have a seller's version (their own projects); the rest are an admin's.
  const base = '/api/v1/operator';

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/queue`,
    role: 'SELLER',
    schema: {
      summary: 'What waits today: counts and the oldest age of each queue',
      response: { 200: queueResponseSchema },
    },
    handler: (_request, _reply, operator) => getQueue(ctx, operator),
  });

  // Approvals (four eyes)
  operatorRoute(app, {
    method: 'GET',
    url: `${base}/approvals`,
    role: 'ADMIN',
    schema: {
      summary: 'Proposals of four-eyes actions, newest first',
      querystring: approvalListQuerySchema,
      response: { 200: approvalListResponseSchema },
    },
    handler: async (request, _reply, operator) => ({
      approvals: await listApprovals(ctx, operator, request.query.state ?? null),
    }),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/approvals/:id/approve`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Approve another admin’s proposal: the action is applied once',
      params: approvalParamsSchema,
      response: { 200: approvalOutcomeSchema },
    },
    handler: async (request, _reply, operator) => {
      const { approval, effect } = await approve(ctx, operator, request.params.id);
      return { approval, ...effect };
    },
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/approvals/:id/reject`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Reject (or withdraw) a proposal: nothing is applied',
      params: approvalParamsSchema,
      body: reasonRequestSchema,
      response: { 200: approvalSchema },
    },
    handler: (request, _reply, operator) => rejectApproval(ctx, operator, request.params.id, request.body.reason),
  });

  // Payments and orders
  operatorRoute(app, {
    method: 'GET',
    url: `${base}/payments`,
    role: 'SELLER',
    schema: {
      summary: 'Payments investors declared, waiting to be matched, oldest first',
      response: { 200: declaredPaymentListSchema },
    },
    handler: async (_request, _reply, operator) => ({ payments: await listDeclaredPayments(ctx, operator) }),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/orders/:reference/confirm-payment`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Confirm an order’s payment (above the four-eyes amount: propose it)',
      params: orderReferenceParamsSchema,
      body: optionalNoteRequestSchema,
      response: { 200: orderOutcomeSchema },
    },
    handler: (request, _reply, operator) =>
      confirmPayment(ctx, operator, request.params.reference, request.body.note ?? null),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/orders/:reference/reject-payment`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Reject a declared payment that cannot be matched (four eyes)',
      params: orderReferenceParamsSchema,
      body: reasonRequestSchema,
      response: { 200: orderOutcomeSchema },
    },
    handler: (request, _reply, operator) => rejectPayment(ctx, operator, request.params.reference, request.body.reason),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/orders/:reference/refund`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Refund a confirmed order (four eyes)',
      params: orderReferenceParamsSchema,
      body: reasonRequestSchema,
      response: { 200: orderOutcomeSchema },
    },
    handler: (request, _reply, operator) => refundOrder(ctx, operator, request.params.reference, request.body.reason),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/orders/:reference/cancel`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Cancel an order that is not paid yet',
      params: orderReferenceParamsSchema,
      body: reasonRequestSchema,
      response: { 200: orderOutcomeSchema },
    },
    handler: (request, _reply, operator) => cancelOrder(ctx, operator, request.params.reference, request.body.reason),
  });

  // Cash balances: deposits and withdrawals
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/deposits`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Credit a transfer to the investor with its deposit reference (once per bank reference)',
      body: depositConfirmRequestSchema,
      response: { 200: depositConfirmResponseSchema },
    },
    handler: (request, _reply, operator) => creditDeposit(ctx, operator, request.body),
  });
  operatorRoute(app, {
    method: 'GET',
    url: `${base}/withdrawals`,
    role: 'ADMIN',
    schema: {
      summary: 'Withdrawals, oldest first, with where to pay them',
      querystring: operatorWithdrawalsQuerySchema,
      response: { 200: operatorWithdrawalsResponseSchema },
    },
    handler: async (request, _reply, operator) => ({
      withdrawals: await listWithdrawals(ctx, operator, request.query.state ?? null),
    }),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/withdrawals/:id/paid`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Mark a withdrawal paid with the bank’s reference (above the four-eyes amount: propose it)',
      params: withdrawalParamsSchema,
      body: withdrawalPaidRequestSchema,
      response: { 200: operatorWithdrawalResultSchema },
    },
    handler: (request, _reply, operator) => payWithdrawal(ctx, operator, request.params.id, request.body.bankReference),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/withdrawals/:id/return`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Return a withdrawal that cannot be paid: the amount goes back to the balance',
      params: withdrawalParamsSchema,
      body: withdrawalReturnRequestSchema,
      response: { 200: operatorWithdrawalResultSchema },
    },
    handler: (request, _reply, operator) => sendBackWithdrawal(ctx, operator, request.params.id, request.body.reason),
  });

  // Revenue distributions
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/distributions/preview`,
    role: 'ADMIN',
    schema: {
      summary: 'Every holder’s exact share of a distribution, nothing written',
      body: distributionRequestSchema,
      response: { 200: distributionPreviewSchema },
    },
    handler: (request, _reply, operator) => previewRevenueDistribution(ctx, operator, request.body),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/distributions`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Commit a distribution once per Idempotency-Key (four eyes)',
      description:
        'Send an Idempotency-Key header (8–100 letters, digits or ._:-): a retry with the same key answers the first commit. The same project, record date and amount again needs isNewDistribution.',
      body: distributionCommitRequestSchema,
      response: { 200: distributionOutcomeSchema },
    },
    handler: async (request, _reply, operator) => {
      const header = request.headers['idempotency-key'];
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'A distribution needs an Idempotency-Key header of 8–100 letters, digits or ._:-',
        );
      }
      return commitRevenueDistribution(ctx, operator, request.body, header);
    },
  });

  // Reviews
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/identity-reviews/:userId/decision`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Answer an identity check (GREEN, RED with RETRY or FINAL, or HOLD)',
      params: userParamsSchema,
      body: reviewDecisionRequestSchema,
      response: { 200: reviewOutcomeSchema },
    },
    handler: (request, _reply, operator) => reviewIdentity(ctx, operator, request.params.userId, request.body),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/investor-verifications/:userId/decision`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Answer an investor verification (GREEN, or RED with RETRY or FINAL)',
      params: userParamsSchema,
      body: reviewDecisionRequestSchema,
      response: { 200: reviewOutcomeSchema },
    },
    handler: (request, _reply, operator) => reviewInvestor(ctx, operator, request.params.userId, request.body),
  });

  // Access to restricted projects
  operatorRoute(app, {
    method: 'GET',
    url: `${base}/whitelist-requests`,
    role: 'SELLER',
    schema: {
      summary: 'Access requests to restricted projects, oldest first',
      response: { 200: whitelistRequestListSchema },
    },
    handler: async (_request, _reply, operator) => ({ requests: await listWhitelistRequests(ctx, operator) }),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/whitelist-requests/:productId/:userId/allow`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Allow a user into a restricted project',
      params: whitelistParamsSchema,
      response: { 200: doneSchema },
    },
    handler: async (request, _reply, operator) => {
      await allowWhitelist(ctx, operator, request.params.productId, request.params.userId);
      return { done: true as const };
    },
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/whitelist-requests/:productId/:userId/decline`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Decline a waiting access request, with an optional reason; the user may ask again',
      params: whitelistParamsSchema,
      body: optionalReasonRequestSchema,
      response: { 200: doneSchema },
    },
    handler: async (request, _reply, operator) => {
      await declineWhitelist(
        ctx,
        operator,
        request.params.productId,
        request.params.userId,
        request.body?.reason ?? null,
      );
      return { done: true as const };
    },
  });

  // Accounts
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/users/:userId/ban`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Ban an account: its sessions end, every action is refused',
      params: userParamsSchema,
      body: reasonRequestSchema,
      response: { 200: doneSchema },
    },
    handler: async (request, _reply, operator) => {
      await banAccount(ctx, operator, request.params.userId, request.body.reason);
      return { done: true as const };
    },
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/users/:userId/unban`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Lift a ban, with an optional reason kept in the audit log',
      params: userParamsSchema,
      body: optionalReasonRequestSchema,
      response: { 200: doneSchema },
    },
    handler: async (request, _reply, operator) => {
      await unbanAccount(ctx, operator, request.params.userId, request.body?.reason ?? null);
      return { done: true as const };
    },
  });
  operatorRoute(app, {
    method: 'PUT',
    url: `${base}/users/:userId/role`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Grant or take back an operator role (granting ADMIN: four eyes)',
      params: userParamsSchema,
      body: roleRequestSchema,
      response: { 200: roleOutcomeSchema },
    },
    handler: (request, _reply, operator) => changeRole(ctx, operator, request.params.userId, request.body.role),
  });

  // Bank statements: their own plugin, so only its routes read a CSV body.
  await app.register(statementRoutes);
  // People and gift claims.
  await app.register(peopleRoutes);
  // Governance: notices, agendas, proposals and moderation (sellers in their projects).
  await app.register(operatorGovernanceRoutes);
  // The orders list (sellers: their projects' orders).
  await app.register(operatorOrderRoutes);

  // Every process sweeps expired proposals; the conditional updates make each expiry happen once.
  registerSweep(app, {
    name: 'approval expiry',
    everyMs: ctx.config.APPROVAL_EXPIRY_SWEEP_SECONDS * 1000,
    run: () => expireDueApprovals(ctx),
  });
};
