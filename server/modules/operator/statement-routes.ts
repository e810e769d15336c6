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
import { operatorRoute } from './operator-route';
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
  const base = '/api/v1/operator/statements';

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

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/mappings`,
    role: 'ADMIN',
    schema: { summary: 'Column mappings remembered per bank', response: { 200: statementMappingListSchema } },
    handler: async (_request, _reply, operator) => ({ mappings: await listStatementMappings(ctx, operator) }),
  });
  operatorRoute(app, {
    method: 'PUT',
    url: `${base}/mappings`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Save a bank’s column mapping, used for its statement files from now on',
      body: statementMappingSchema,
      response: { 200: statementMappingSchema },
    },
    handler: (request, _reply, operator) => saveStatementMapping(ctx, operator, request.body),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/preview`,
    role: 'ADMIN',
    schema: {
      summary: 'Read a statement file’s columns and the remembered mapping, writing nothing (body: text/csv)',
      querystring: statementBankQuerySchema,
      response: { 200: statementPreviewSchema },
    },
    handler: (request, _reply, operator) => previewStatement(ctx, operator, request.query.bank, fileOf(request.body)),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/import`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Import a bank statement file: each line stored once and matched to an order (body: text/csv)',
      querystring: statementBankQuerySchema,
      response: { 200: statementImportSchema },
    },
    handler: (request, _reply, operator) => importStatement(ctx, operator, request.query.bank, fileOf(request.body)),
  });
  operatorRoute(app, {
    method: 'GET',
    url: `${base}/lines`,
    role: 'ADMIN',
    schema: {
      summary: 'Imported statement lines, newest first (by state: UNMATCHED is the queue)',
      querystring: statementLineListQuerySchema,
      response: { 200: statementLineListSchema },
    },
    handler: async (request, _reply, operator) => ({
      lines: await listStatementLines(ctx, operator, request.query.state ?? null),
    }),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/confirm`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Confirm the orders of matched lines, each once (above the four-eyes amount: propose)',
      body: statementConfirmRequestSchema,
      response: { 200: statementConfirmResultSchema },
    },
    handler: (request, _reply, operator) => confirmStatementLines(ctx, operator, request.body.lineIds),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/lines/:id/assign`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Resolve a waiting line by hand: the order it pays is confirmed',
      params: statementLineParamsSchema,
      body: statementAssignRequestSchema,
      response: { 200: statementLineOutcomeSchema },
    },
    handler: (request, _reply, operator) =>
      assignStatementLine(ctx, operator, request.params.id, request.body.reference, request.body.note),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/lines/:id/return`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Resolve a waiting line as returned to the payer',
      params: statementLineParamsSchema,
      body: statementReturnRequestSchema,
      response: { 200: statementLineOutcomeSchema },
    },
    handler: (request, _reply, operator) => returnStatementLine(ctx, operator, request.params.id, request.body.note),
  });
};
