import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STATEMENT_MAX_BYTES,
  statementAssignRequestSchema,
  statementBankQuerySchema,
  statementConfirmRequestSchema,
  statementConfirmResultSchema,
  statementImportSchema,
  statementLineListQuerySchema,
  statementLineListSchema,
  statementLineOutcomeSchema,
  statementLineParamsSchema,
  statementMappingListSchema,
  statementMappingSchema,
  statementPreviewSchema,
  statementReturnRequestSchema,
} from '../../../src/domain/bank-statements';
import { AppError } from '../../errors';
import { authOf, requestMeta } from '../../plugins/auth';
import { operatorOfRequest } from './service';
import {
  assignStatementLine,
  confirmStatementLines,
  importStatement,
  listStatementLines,
  listStatementMappings,
  previewStatement,
  returnStatementLine,
  saveStatementMapping,
} from './statements';

const FILE_TYPES = ['text/csv', 'text/plain', 'application/octet-stream', 'application/vnd.ms-excel'];

/**
 * Bank statement import, an admin's work (a bank account's statement spans every project). The
 * file is the request's body as the bank exported it (`Content-Type: text/csv`), read here up
 * to STATEMENT_MAX_BYTES: a larger file is refused as STATEMENT_FILE_INVALID.
 */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = app.requireAuth({ level: 'verified', role: 'ADMIN' });
  const adminAction = app.requireAuth({ level: 'verified', role: 'ADMIN', isAction: true });
  const base = '/api/v1/operator/statements';
  const operator = (request: Parameters<typeof authOf>[0]) => operatorOfRequest(authOf(request), requestMeta(request));

  app.addContentTypeParser(FILE_TYPES, (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    payload.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > STATEMENT_MAX_BYTES) {
        settled = true;
        payload.resume();
        done(
          new AppError(
            'STATEMENT_FILE_INVALID',
            `The file is larger than ${STATEMENT_MAX_BYTES} bytes; export a shorter period.`,
          ),
          undefined,
        );
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!settled) {
        settled = true;
        done(null, Buffer.concat(chunks));
      }
    });
    payload.on('error', (error: Error) => {
      if (!settled) {
        settled = true;
        done(error, undefined);
      }
    });
  });

  const fileOf = (body: unknown): Buffer => {
    if (!Buffer.isBuffer(body)) {
      throw new AppError('STATEMENT_FILE_INVALID', 'Send the statement file as the body, with Content-Type text/csv.');
    }
    return body;
  };

  app.get(
    `${base}/mappings`,
    {
      schema: { summary: 'Column mappings remembered per bank', response: { 200: statementMappingListSchema } },
      preValidation: admin,
    },
    async (request) => ({ mappings: await listStatementMappings(ctx, operator(request)) }),
  );
  app.put(
    `${base}/mappings`,
    {
      schema: {
        summary: 'Save a bank’s column mapping, used for its statement files from now on',
        body: statementMappingSchema,
        response: { 200: statementMappingSchema },
      },
      preValidation: adminAction,
    },
    async (request) => saveStatementMapping(ctx, operator(request), request.body),
  );
  app.post(
    `${base}/preview`,
    {
      schema: {
        summary: 'Read a statement file’s columns and the remembered mapping, writing nothing (body: text/csv)',
        querystring: statementBankQuerySchema,
        response: { 200: statementPreviewSchema },
      },
      preValidation: admin,
    },
    async (request) => previewStatement(ctx, operator(request), request.query.bank, fileOf(request.body)),
  );
  app.post(
    `${base}/import`,
    {
      schema: {
        summary: 'Import a bank statement file: each line stored once and matched to an order (body: text/csv)',
        querystring: statementBankQuerySchema,
        response: { 200: statementImportSchema },
      },
      preValidation: adminAction,
    },
    async (request) => importStatement(ctx, operator(request), request.query.bank, fileOf(request.body)),
  );
  app.get(
    `${base}/lines`,
    {
      schema: {
        summary: 'Imported statement lines, newest first (by state: UNMATCHED is the queue)',
        querystring: statementLineListQuerySchema,
        response: { 200: statementLineListSchema },
      },
      preValidation: admin,
    },
    async (request) => ({ lines: await listStatementLines(ctx, operator(request), request.query.state ?? null) }),
  );
  app.post(
    `${base}/confirm`,
    {
      schema: {
        summary: 'Confirm the orders of matched lines, each once (above the four-eyes amount: propose)',
        body: statementConfirmRequestSchema,
        response: { 200: statementConfirmResultSchema },
      },
      preValidation: adminAction,
    },
    async (request) => confirmStatementLines(ctx, operator(request), request.body.lineIds),
  );
  app.post(
    `${base}/lines/:id/assign`,
    {
      schema: {
        summary: 'Resolve a waiting line by hand: the order it pays is confirmed',
        params: statementLineParamsSchema,
        body: statementAssignRequestSchema,
        response: { 200: statementLineOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) =>
      assignStatementLine(ctx, operator(request), request.params.id, request.body.reference, request.body.note),
  );
  app.post(
    `${base}/lines/:id/return`,
    {
      schema: {
        summary: 'Resolve a waiting line as returned to the payer',
        params: statementLineParamsSchema,
        body: statementReturnRequestSchema,
        response: { 200: statementLineOutcomeSchema },
      },
      preValidation: adminAction,
    },
    async (request) => returnStatementLine(ctx, operator(request), request.params.id, request.body.note),
  );
};
