import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authenticatorCodeRequestSchema,
  bankDetailsRequestSchema,
  bankDetailsResponseSchema,
  giftCheckQuerySchema,
  giftCheckSchema,
  giftClaimQuerySchema,
  giftClaimRequestSchema,
  giftClaimResponseSchema,
  giftClaimSchema,
  myBadgeResponseSchema,
  myDocumentParamsSchema,
  myDocumentsResponseSchema,
  myProductsResponseSchema,
  myRevenuesQuerySchema,
  myRevenuesResponseSchema,
  walletAddressesResponseSchema,
  walletAddressParamsSchema,
  walletAddressRequestSchema,
  walletAddressSchema,
} from '../../../src/domain/portfolio';
import { languageSchema } from '../../../src/domain/language';
import { myStatementsResponseSchema, statementYearParamsSchema } from '../../../src/domain/statements';
import { authOf, requestMeta } from '../../plugins/auth';
import { PRIVATE_NO_STORE } from '../../plugins/presets';
import { contentDisposition } from '../orders/signing';
import { addWallet, listMyWallets, removeWallet } from './address-book';
import { getBankDetails, saveBankDetails } from './bank-details';
import { listMyDocuments, readMyDocument } from './documents';
import { checkGift, claimGift, getGiftClaim } from './gifts';
import { getMyRevenues } from './revenue';
import { getMyBadge, listMyProducts } from './service';
import { listMyStatements, renderMyStatement } from './statements';
import { listMyCashStatements, renderMyCashStatement } from './cash-statements';
import { cashStatementParamsSchema, myCashStatementsResponseSchema } from '../../../src/domain/cash-statements';

const statementLanguageQuerySchema = z.object({ language: languageSchema.optional() });

/** A statement's PDF, never stored by a cache, with the SHA-256 of its bytes. */
function sendStatementPdf(reply: FastifyReply, file: { pdf: Uint8Array; fileName: string }) {
  return reply
    .headers({
      'Cache-Control': PRIVATE_NO_STORE,
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(file.fileName),
      'Repr-Digest': `sha-256=:${createHash('sha256').update(file.pdf).digest('base64')}:`,
      'Access-Control-Expose-Headers': 'Content-Disposition, Repr-Digest',
    })
    .send(Buffer.from(file.pdf.buffer, file.pdf.byteOffset, file.pdf.byteLength));
}

/** The account area: holdings, revenue, documents, gifts, payout details and the address book. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const reader = app.requireAuth({ level: 'verified' });
  const actor = app.requireAuth({ level: 'verified', isAction: true });
  // Gifts and payout details belong to the KYC group: they are an approved investor's.
  const kycReader = app.requireAuth({ level: 'kyc' });
  const kycActor = app.requireAuth({ level: 'kyc', isAction: true });
  // Private to the user: the browser may keep it (the app reads it offline) but nothing shared may.
  const privateCache = { 'Cache-Control': 'private, no-cache' };

  app.get(
    '/api/v1/users/me/products',
    { schema: { response: { 200: myProductsResponseSchema } }, preValidation: reader },
    async (request, reply) => {
      reply.headers(privateCache);
      return listMyProducts(ctx, authOf(request));
    },
  );

  app.get(
    '/api/v1/users/me/revenues',
    {
      schema: { querystring: myRevenuesQuerySchema, response: { 200: myRevenuesResponseSchema } },
      preValidation: reader,
      // The project only filters the caller's own revenue (a holder keeps it when the project is hidden).
      config: { projectUse: 'own-records' },
    },
    async (request, reply) => {
      reply.headers(privateCache);
      return { myRevenueAndProducts: await getMyRevenues(ctx, authOf(request), request.query) };
    },
  );

  app.get(
    '/api/v1/users/me/documents',
    { schema: { response: { 200: myDocumentsResponseSchema } }, preValidation: reader },
    async (request, reply) => {
      reply.headers(privateCache);
      return listMyDocuments(ctx, authOf(request));
    },
  );

  app.get(
    '/api/v1/users/me/documents/:documentId',
    { schema: { params: myDocumentParamsSchema }, preValidation: reader },
    async (request, reply) => {
      const file = await readMyDocument(ctx, authOf(request), request.params.documentId);
      return reply
        .headers({
          'Cache-Control': PRIVATE_NO_STORE,
          'Content-Type': file.contentType,
          'Content-Disposition': contentDisposition(file.fileName),
          'Access-Control-Expose-Headers': 'Content-Disposition',
        })
        .send(file.bytes);
    },
  );

  app.get(
    '/api/v1/users/me/statements',
    {
      schema: {
        summary: 'Yearly statements: one per year with holdings or revenue, newest first',
        description: 'The current year runs to today (year to date).',
        response: { 200: myStatementsResponseSchema },
      },
      preValidation: reader,
    },
    async (request, reply) => {
      reply.headers(privateCache);
      const listed = await listMyStatements(ctx, authOf(request));
      // The investor may download one next: a render thread starts meanwhile, its font loaded by then.
      if (listed.statements.length) app.pdfRenderer.warm();
      return listed;
    },
  );

  app.get(
    '/api/v1/users/me/cash-statements',
    {
      schema: {
        summary: 'Monthly and annual statements of the cash balance, newest first',
        description: 'One per month with a balance entry and one per such year; the current ones run to today.',
        response: { 200: myCashStatementsResponseSchema },
      },
      preValidation: reader,
    },
    async (request, reply) => {
      reply.headers(privateCache);
      return listMyCashStatements(ctx, authOf(request));
    },
  );

  app.get(
    '/api/v1/users/me/cash-statements/:period',
    {
      schema: {
        summary: 'One month’s or year’s cash balance statement as a PDF',
        description:
          'The period is `2026.pdf` or `2026-11.pdf`. In the investor’s language (or `language`): opening and ' +
          'closing balance, deposits, purchases, revenue per project (gross, withheld, net), refunds, withdrawals ' +
          'and fees, with the figures’ SHA-256 on every page and the file’s in `Repr-Digest`. A period not begun, ' +
          'before 2000 or not a month or a year is VALIDATION_FAILED (400); one without entries is NOT_FOUND (404).',
        params: cashStatementParamsSchema,
        querystring: statementLanguageQuerySchema,
      },
      preValidation: reader,
    },
    async (request, reply) => {
      const caller = authOf(request);
      const language = request.query.language ?? caller.user.language ?? requestMeta(request).language ?? 'en';
      const file = await renderMyCashStatement(ctx, app.pdfRenderer, caller, request.params.period, language);
      return sendStatementPdf(reply, file);
    },
  );

  app.get(
    '/api/v1/users/me/statements/:year.pdf',
    {
      schema: {
        summary: 'One year’s statement of holdings and revenue per project as a PDF',
        description:
          'In the investor’s language (or `language`); its figures’ SHA-256 is printed on every page and the ' +
          'SHA-256 of the file is in `Repr-Digest`. A year not of four digits, before 2000 or after the current ' +
          'one is VALIDATION_FAILED (400); a year without holdings or revenue is NOT_FOUND (404). Rendered in ' +
          'the contracts’ worker threads: SERVICE_UNAVAILABLE (503, Retry-After) when they are full.',
        params: statementYearParamsSchema,
        querystring: statementLanguageQuerySchema,
      },
      preValidation: reader,
    },
    async (request, reply) => {
      const caller = authOf(request);
      const language = request.query.language ?? caller.user.language ?? requestMeta(request).language ?? 'en';
      const file = await renderMyStatement(ctx, app.pdfRenderer, caller, request.params.year, language);
      return sendStatementPdf(reply, file);
    },
  );

  app.get(
    '/api/v1/users/me/badge',
    { schema: { response: { 200: myBadgeResponseSchema } }, preValidation: reader },
    async (request, reply) => {
      reply.headers(privateCache);
      return getMyBadge(ctx, authOf(request));
    },
  );

  app.get(
    '/api/v1/claim/check',
    { schema: { querystring: giftCheckQuerySchema, response: { 200: giftCheckSchema } }, preValidation: kycReader },
    async (request, reply) => {
      reply.headers(privateCache);
      return checkGift(ctx, authOf(request), request.query.id);
    },
  );

  app.get(
    '/api/v1/claim/gift',
    {
      schema: { querystring: giftClaimQuerySchema, response: { 200: giftClaimResponseSchema } },
      preValidation: kycReader,
    },
    async (request, reply) => {
      reply.headers(privateCache);
      return getGiftClaim(ctx, authOf(request), request.query.productId);
    },
  );

  app.post(
    '/api/v1/claim/gift',
    { schema: { body: giftClaimRequestSchema, response: { 201: giftClaimSchema } }, preValidation: kycActor },
    async (request, reply) =>
      reply.code(201).send(await claimGift(ctx, authOf(request), request.body, requestMeta(request))),
  );

  app.get(
    '/api/v1/users/me/bank-details',
    { schema: { response: { 200: bankDetailsResponseSchema } }, preValidation: reader },
    async (request, reply) => {
      reply.headers(privateCache);
      return getBankDetails(ctx, authOf(request));
    },
  );

  app.put(
    '/api/v1/users/me/bank-details',
    {
      schema: { body: bankDetailsRequestSchema, response: { 200: bankDetailsResponseSchema } },
      preValidation: kycActor,
    },
    async (request) => saveBankDetails(ctx, authOf(request), request.body, requestMeta(request)),
  );

  app.get(
    '/api/v1/users/me/addresses',
    { schema: { response: { 200: walletAddressesResponseSchema } }, preValidation: reader },
    async (request, reply) => {
      reply.headers(privateCache);
      return listMyWallets(ctx, authOf(request));
    },
  );

  app.post(
    '/api/v1/users/me/addresses',
    { schema: { body: walletAddressRequestSchema, response: { 201: walletAddressSchema } }, preValidation: actor },
    async (request, reply) =>
      reply.code(201).send(await addWallet(ctx, authOf(request), request.body, requestMeta(request))),
  );

  app.delete(
    '/api/v1/users/me/addresses/:id',
    { schema: { params: walletAddressParamsSchema, body: authenticatorCodeRequestSchema }, preValidation: actor },
    async (request, reply) => {
      await removeWallet(ctx, authOf(request), request.params.id, request.body.code, requestMeta(request));
      return reply.code(204).send();
    },
  );
};
