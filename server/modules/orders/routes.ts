import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IDEMPOTENCY_KEY_PATTERN,
  cancelOrderRequestSchema,
  contractViewSchema,
  createOrderRequestSchema,
  myOrdersQuerySchema,
  myOrdersResponseSchema,
  orderIdParamsSchema,
  orderIdQuerySchema,
  orderSchema,
  paymentDeclarationRequestSchema,
  paymentQuerySchema,
  signFileParamsSchema,
  signRequestSchema,
  signStatusSchema,
} from '../../../src/domain/orders';
import { wholeNumberParam } from '../../../src/domain/fields';
import { DOCUMENT_VERSION_MAX } from '../../../src/domain/limits';
import { productIdParamsSchema } from '../../../src/domain/products';
import { AppError } from '../../errors';
import { authOf, requestMeta } from '../../plugins/auth';
import { readDocumentVersion } from '../documents/service';
import {
  cancelOwnOrder,
  declarePayment,
  expireDueOrders,
  getOwnOrder,
  getPaymentOrder,
  listOwnOrders,
} from './service';
import {
  contentDisposition,
  getContract,
  getSignStatus,
  readSignFile,
  signContract,
  sweepPendingSignFiles,
} from './signing';
import { createOrder } from './create-order';
import { registerSweep } from '../../plugins/sweep';
import { NO_STORE, noStore } from '../../plugins/presets';

const documentVersionParamsSchema = z.object({
  id: wholeNumberParam('validation.projectId'),
  documentId: wholeNumberParam('validation.documentId'),
  version: wholeNumberParam('validation.documentVersion', { max: DOCUMENT_VERSION_MAX }),
});

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const reader = app.requireAuth({ level: 'verified' });
  const kycReader = app.requireAuth({ level: 'kyc' });
  // Orders, contracts and payments belong to the KYC group: an investor acts under an approved identity.
  const kycActor = app.requireAuth({ level: 'kyc', isAction: true });
  // The app's render threads, shared with the yearly statements (server/app.ts starts and stops them).
  const renderer = app.pdfRenderer;
  // Contracts a stopped process wrote but never committed are removed before the first request.
  app.addHook('onReady', async () => {
    await sweepPendingSignFiles(ctx);
  });

  app.post(
    '/api/v1/products/:id/investors',
    {
      schema: {
        params: productIdParamsSchema,
        body: createOrderRequestSchema,
        response: { 200: orderSchema, 201: orderSchema },
      },
      preValidation: kycActor,
      config: { projectUse: 'invest' },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' ? header : null;
      if (header !== undefined && (key === null || !IDEMPOTENCY_KEY_PATTERN.test(key))) {
        throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header must be 8–100 letters, digits or ._:-');
      }
      const { order, isReplay } = await createOrder(
        ctx,
        authOf(request),
        request.params.id,
        request.body,
        key,
        requestMeta(request),
      );
      noStore(reply);
      if (isReplay) reply.header('Idempotent-Replayed', 'true');
      return reply.code(isReplay ? 200 : 201).send(order);
    },
  );

  app.get(
    '/api/v1/products/:id/sign',
    {
      schema: { params: productIdParamsSchema, querystring: orderIdQuerySchema, response: { 200: contractViewSchema } },
      preValidation: kycReader,
      config: { projectUse: 'invest' },
    },
    async (request, reply) => {
      noStore(reply);
      const contract = await getContract(ctx, authOf(request), request.params.id, request.query.orderId);
      // The investor reads, then signs: a render thread starts meanwhile, its libraries loaded by then.
      if (!contract.isSigned) renderer.warm();
      return contract;
    },
  );

  app.post(
    '/api/v1/products/:id/sign',
    {
      schema: { params: productIdParamsSchema, body: signRequestSchema, response: { 200: signStatusSchema } },
      preValidation: kycActor,
      config: { projectUse: 'invest' },
    },
    async (request) =>
      signContract(ctx, renderer, authOf(request), request.params.id, request.body, requestMeta(request)),
  );

  app.get(
    '/api/v1/products/:id/sign/status',
    {
      schema: { params: productIdParamsSchema, querystring: orderIdQuerySchema, response: { 200: signStatusSchema } },
      preValidation: kycReader,
      config: { projectUse: 'invest' },
    },
    async (request, reply) => {
      noStore(reply);
      return getSignStatus(ctx, authOf(request), request.params.id, request.query.orderId);
    },
  );

  app.get(
    '/api/v1/payment/manual',
    { schema: { querystring: paymentQuerySchema, response: { 200: orderSchema } }, preValidation: kycReader },
    async (request, reply) => {
      noStore(reply);
      return getPaymentOrder(ctx, authOf(request), request.query.id);
    },
  );

  app.post(
    '/api/v1/payment/manual',
    { schema: { body: paymentDeclarationRequestSchema, response: { 200: orderSchema } }, preValidation: kycActor },
    async (request) => declarePayment(ctx, authOf(request), request.body, requestMeta(request)),
  );

  app.get(
    '/api/v1/orders/:id',
    { schema: { params: orderIdParamsSchema, response: { 200: orderSchema } }, preValidation: kycReader },
    async (request, reply) => {
      noStore(reply);
      return getOwnOrder(ctx, authOf(request), request.params.id);
    },
  );

  app.post(
    '/api/v1/orders/:id/cancel',
    {
      schema: {
        params: orderIdParamsSchema,
        body: cancelOrderRequestSchema.nullish(),
        response: { 200: orderSchema },
      },
      preValidation: kycActor,
    },
    async (request) =>
      cancelOwnOrder(ctx, authOf(request), request.params.id, request.body?.reason ?? null, requestMeta(request)),
  );

  app.get(
    '/api/v1/users/me/orders',
    {
      schema: { querystring: myOrdersQuerySchema, response: { 200: myOrdersResponseSchema } },
      preValidation: kycReader,
      // The project only filters the caller's own orders.
      config: { projectUse: 'own-records' },
    },
    async (request, reply) => {
      noStore(reply);
      return listOwnOrders(ctx, authOf(request), request.query);
    },
  );

  app.get(
    '/api/v1/users/me/sign-files/:id',
    { schema: { params: signFileParamsSchema }, preValidation: reader },
    async (request, reply) => {
      const { bytes, fileName } = await readSignFile(ctx, authOf(request), request.params.id);
      return reply
        .headers({
          'Cache-Control': NO_STORE,
          'Content-Type': 'application/pdf',
          'Content-Disposition': contentDisposition(fileName),
          'Access-Control-Expose-Headers': 'Content-Disposition',
        })
        .send(bytes);
    },
  );

  app.get(
    '/api/v1/products/:id/documents/:documentId/versions/:version',
    { schema: { params: documentVersionParamsSchema }, preValidation: kycReader },
    async (request, reply) => {
      const { id, documentId, version } = request.params;
      const found = await readDocumentVersion(ctx, id, documentId, version);
      if (found.kind === 'redirect') return reply.redirect(found.url, 302);
      return reply
        .headers({
          'Cache-Control': 'private, max-age=86400, immutable',
          'Content-Type': found.contentType,
          'Content-Disposition': contentDisposition(found.fileName),
        })
        .send(found.bytes);
    },
  );

  // Every process sweeps expired orders; the conditional updates make each expiry happen once.
  const everyMs = ctx.config.ORDER_EXPIRY_SWEEP_SECONDS * 1000;
  registerSweep(app, { name: 'order expiry', everyMs, run: () => expireDueOrders(ctx) });
  registerSweep(app, { name: 'sweeping pending contract files', everyMs, run: () => sweepPendingSignFiles(ctx) });
};
