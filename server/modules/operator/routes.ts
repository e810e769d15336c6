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
import { authOf, requestMeta } from '../../plugins/auth';
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
import { getQueue, operatorOfRequest } from './service';
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
  const seller = app.requireAuth({ level: 'verified', role: 'SELLER' });
  const sellerAction = app.requireAuth({ level: 'verified', role: 'SELLER', isAction: true });
  const admin = app.requireAuth({ level: 'verified', role: 'ADMIN' });
  const adminAction = app.requireAuth({ level: 'verified', role: 'ADMIN', isAction: true });
  const base = '/api/v1/operator';
  const operator = (request: Parameters<typeof authOf>[0]) => operatorOfRequest(authOf(request), requestMeta(request));

  app.get(
    `${base}/queue`,
    {
      schema: {
        summary: 'What waits today: counts and the oldest age of each queue',
        response: { 200: queueResponseSchema },
      },
      preValidation: seller,
    },
    async (request) => getQueue(ctx, operator(request)),
  );

  // Approvals (four eyes)
  app.get(
    `${base}/approvals`,
    {
      schema: {
        summary: 'Proposals of four-eyes actions, newest first',
        querystring: approvalListQuerySchema,
        response: { 200: approvalListResponseSchema },
      },
      preValidation: admin,
    },
    async (request) => ({
      approvals: await listApprovals(ctx, operator(request), request.query.state ?? null),
    }),
  );
  app.post(
    `${base}/approvals/:id/approve`,
    {
      schema: {
        summary: 'Approve another admin’s proposal: the action is applied once',
        params: approvalParamsSchema,
        response: { 200: approvalOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) => {
      const { approval, effect } = await approve(ctx, operator(request), request.params.id);
      return { approval, ...effect };
    },
  );
  app.post(
    `${base}/approvals/:id/reject`,
    {
      schema: {
        summary: 'Reject (or withdraw) a proposal: nothing is applied',
        params: approvalParamsSchema,
        body: reasonRequestSchema,
        response: { 200: approvalSchema },
      },
      preValidation: adminAction,
    },
    async (request) => rejectApproval(ctx, operator(request), request.params.id, request.body.reason),
  );

  // Payments and orders
  app.get(
    `${base}/payments`,
    {
      schema: {
        summary: 'Payments investors declared, waiting to be matched, oldest first',
        response: { 200: declaredPaymentListSchema },
      },
      preValidation: seller,
    },
    async (request) => ({ payments: await listDeclaredPayments(ctx, operator(request)) }),
  );
  app.post(
    `${base}/orders/:reference/confirm-payment`,
    {
      schema: {
        summary: 'Confirm an order’s payment (above the four-eyes amount: propose it)',
        params: orderReferenceParamsSchema,
        body: optionalNoteRequestSchema,
        response: { 200: orderOutcomeSchema },
      },
      preValidation: sellerAction,
    },
    async (request) => confirmPayment(ctx, operator(request), request.params.reference, request.body.note ?? null),
  );
  app.post(
    `${base}/orders/:reference/reject-payment`,
    {
      schema: {
        summary: 'Reject a declared payment that cannot be matched (four eyes)',
        params: orderReferenceParamsSchema,
        body: reasonRequestSchema,
        response: { 200: orderOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) => rejectPayment(ctx, operator(request), request.params.reference, request.body.reason),
  );
  app.post(
    `${base}/orders/:reference/refund`,
    {
      schema: {
        summary: 'Refund a confirmed order (four eyes)',
        params: orderReferenceParamsSchema,
        body: reasonRequestSchema,
        response: { 200: orderOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) => refundOrder(ctx, operator(request), request.params.reference, request.body.reason),
  );
  app.post(
    `${base}/orders/:reference/cancel`,
    {
      schema: {
        summary: 'Cancel an order that is not paid yet',
        params: orderReferenceParamsSchema,
        body: reasonRequestSchema,
        response: { 200: orderOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) => cancelOrder(ctx, operator(request), request.params.reference, request.body.reason),
  );

  // Cash balances: deposits and withdrawals
  app.post(
    `${base}/deposits`,
    {
      schema: {
        summary: 'Credit a transfer to the investor with its deposit reference (once per bank reference)',
        body: depositConfirmRequestSchema,
        response: { 200: depositConfirmResponseSchema },
      },
      preValidation: adminAction,
    },
    async (request) => creditDeposit(ctx, operator(request), request.body),
  );
  app.get(
    `${base}/withdrawals`,
    {
      schema: {
        summary: 'Withdrawals, oldest first, with where to pay them',
        querystring: operatorWithdrawalsQuerySchema,
        response: { 200: operatorWithdrawalsResponseSchema },
      },
      preValidation: admin,
    },
    async (request) => ({ withdrawals: await listWithdrawals(ctx, operator(request), request.query.state ?? null) }),
  );
  app.post(
    `${base}/withdrawals/:id/paid`,
    {
      schema: {
        summary: 'Mark a withdrawal paid with the bank’s reference (above the four-eyes amount: propose it)',
        params: withdrawalParamsSchema,
        body: withdrawalPaidRequestSchema,
        response: { 200: operatorWithdrawalResultSchema },
      },
      preValidation: adminAction,
    },
    async (request) => payWithdrawal(ctx, operator(request), request.params.id, request.body.bankReference),
  );
  app.post(
    `${base}/withdrawals/:id/return`,
    {
      schema: {
        summary: 'Return a withdrawal that cannot be paid: the amount goes back to the balance',
        params: withdrawalParamsSchema,
        body: withdrawalReturnRequestSchema,
        response: { 200: operatorWithdrawalResultSchema },
      },
      preValidation: adminAction,
    },
    async (request) => sendBackWithdrawal(ctx, operator(request), request.params.id, request.body.reason),
  );

  // Revenue distributions
  app.post(
    `${base}/distributions/preview`,
    {
      schema: {
        summary: 'Every holder’s exact share of a distribution, nothing written',
        body: distributionRequestSchema,
        response: { 200: distributionPreviewSchema },
      },
      preValidation: admin,
    },
    async (request) => previewRevenueDistribution(ctx, operator(request), request.body),
  );
  app.post(
    `${base}/distributions`,
    {
      schema: {
        summary: 'Commit a distribution once per Idempotency-Key (four eyes)',
        description:
          'Send an Idempotency-Key header (8–100 letters, digits or ._:-): a retry with the same key answers the first commit. The same project, record date and amount again needs isNewDistribution.',
        body: distributionCommitRequestSchema,
        response: { 200: distributionOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) => {
      const header = request.headers['idempotency-key'];
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'A distribution needs an Idempotency-Key header of 8–100 letters, digits or ._:-',
        );
      }
      return commitRevenueDistribution(ctx, operator(request), request.body, header);
    },
  );

  // Reviews
  app.post(
    `${base}/identity-reviews/:userId/decision`,
    {
      schema: {
        summary: 'Answer an identity check (GREEN, RED with RETRY or FINAL, or HOLD)',
        params: userParamsSchema,
        body: reviewDecisionRequestSchema,
        response: { 200: reviewOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) => reviewIdentity(ctx, operator(request), request.params.userId, request.body),
  );
  app.post(
    `${base}/investor-verifications/:userId/decision`,
    {
      schema: {
        summary: 'Answer an investor verification (GREEN, or RED with RETRY or FINAL)',
        params: userParamsSchema,
        body: reviewDecisionRequestSchema,
        response: { 200: reviewOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) => reviewInvestor(ctx, operator(request), request.params.userId, request.body),
  );

  // Access to restricted projects
  app.get(
    `${base}/whitelist-requests`,
    {
      schema: {
        summary: 'Access requests to restricted projects, oldest first',
        response: { 200: whitelistRequestListSchema },
      },
      preValidation: seller,
    },
    async (request) => ({ requests: await listWhitelistRequests(ctx, operator(request)) }),
  );
  app.post(
    `${base}/whitelist-requests/:productId/:userId/allow`,
    {
      schema: {
        summary: 'Allow a user into a restricted project',
        params: whitelistParamsSchema,
        response: { 200: doneSchema },
      },
      preValidation: sellerAction,
    },
    async (request) => {
      await allowWhitelist(ctx, operator(request), request.params.productId, request.params.userId);
      return { done: true as const };
    },
  );
  app.post(
    `${base}/whitelist-requests/:productId/:userId/decline`,
    {
      schema: {
        summary: 'Decline a waiting access request, with an optional reason; the user may ask again',
        params: whitelistParamsSchema,
        body: optionalReasonRequestSchema,
        response: { 200: doneSchema },
      },
      preValidation: sellerAction,
    },
    async (request) => {
      await declineWhitelist(
        ctx,
        operator(request),
        request.params.productId,
        request.params.userId,
        request.body?.reason ?? null,
      );
      return { done: true as const };
    },
  );

  // Accounts
  app.post(
    `${base}/users/:userId/ban`,
    {
      schema: {
        summary: 'Ban an account: its sessions end, every action is refused',
        params: userParamsSchema,
        body: reasonRequestSchema,
        response: { 200: doneSchema },
      },
      preValidation: adminAction,
    },
    async (request) => {
      await banAccount(ctx, operator(request), request.params.userId, request.body.reason);
      return { done: true as const };
    },
  );
  app.post(
    `${base}/users/:userId/unban`,
    {
      schema: {
        summary: 'Lift a ban, with an optional reason kept in the audit log',
        params: userParamsSchema,
        body: optionalReasonRequestSchema,
        response: { 200: doneSchema },
      },
      preValidation: adminAction,
    },
    async (request) => {
      await unbanAccount(ctx, operator(request), request.params.userId, request.body?.reason ?? null);
      return { done: true as const };
    },
  );
  app.put(
    `${base}/users/:userId/role`,
    {
      schema: {
        summary: 'Grant or take back an operator role (granting ADMIN: four eyes)',
        params: userParamsSchema,
        body: roleRequestSchema,
        response: { 200: roleOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) => changeRole(ctx, operator(request), request.params.userId, request.body.role),
  );

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
