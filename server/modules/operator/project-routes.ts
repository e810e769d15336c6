import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  documentAddFieldsSchema,
  documentReplaceFieldsSchema,
  operatorDocumentListSchema,
  projectDocumentParamsSchema,
  projectImageSchema,
} from '../../../src/domain/project-documents';
import {
  capTableQuerySchema,
  capTableSchema,
  operatorProjectListSchema,
  operatorProjectParamsSchema,
  operatorProjectSchema,
  projectInputSchema,
} from '../../../src/domain/project-editing';
import { authOf, requestMeta } from '../../plugins/auth';
import { noStore, sendCsvFile, tightRateLimit } from '../../plugins/presets';
import { AppError } from '../../errors';
import { validationText } from '../../i18n/errors';
import { requestLanguage } from '../../i18n/language';
import { readFileWithFields, readSingleFile } from '../uploads/storage';
import { contentDisposition } from '../orders/signing';
import {
  addProject,
  addProjectDocument,
  capTableCsv,
  listProjectDocuments,
  replaceProjectDocument,
  uploadProjectImage,
  editProject,
  hideProject,
  listProjects,
  publishProject,
  readCapTable,
  previewProject,
  readProject,
} from './projects';
import { productDetailSchema } from '../../../src/domain/products';
import { publicOrigin } from '../site/origin';
import { assertMayActOn, operatorOfRequest } from './service';

/** The text fields of a multipart upload, checked by the domain's schema, refused field by field. */
function checkFields<T>(request: FastifyRequest, schema: ZodType<T>, fields: Record<string, string>): T {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const language = requestLanguage(request);
  const message = result.error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length > 0 ? `body.${issue.path.join('.')}` : 'body';
      return `${where}: ${validationText(issue.message, language)}`;
    })
    .join('; ');
  throw new AppError('VALIDATION_FAILED', message);
}

/**
 * Projects in the console: list, read, create (a hidden draft), edit, publish, hide, and the cap
 * table at a date (JSON or CSV). Sellers reach their assigned projects; creating, publishing and
 * hiding are an admin's. Answers are `no-store`: a draft is no one else's business.
 */
export const operatorProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const seller = app.requireAuth({ level: 'verified', role: 'SELLER' });
  const sellerAction = app.requireAuth({ level: 'verified', role: 'SELLER', isAction: true });
  const adminAction = app.requireAuth({ level: 'verified', role: 'ADMIN', isAction: true });
  const base = '/api/v1/operator/projects';
  const operator = (request: Parameters<typeof authOf>[0]) => operatorOfRequest(authOf(request), requestMeta(request));
  /**
   * A seller is refused another project's routes before the input is read (ROLE_REQUIRED), so it
   * learns nothing of that project nor of the body's rules; the actions check it again.
   */
  const ownProject = async (request: FastifyRequest) => {
    const id = (request.params as { id?: unknown }).id;
    if (typeof id === 'string' && /^[1-9][0-9]{0,9}$/.test(id))
      await assertMayActOn(ctx, operator(request), Number(id));
  };

  app.get(
    base,
    {
      schema: { summary: 'Projects, drafts included, newest first', response: { 200: operatorProjectListSchema } },
      preValidation: seller,
    },
    async (request, reply) => {
      noStore(reply);
      return listProjects(ctx, operator(request));
    },
  );
  app.post(
    base,
    {
      schema: {
        summary: 'Create a project as a hidden draft',
        body: projectInputSchema,
        response: { 201: operatorProjectSchema },
      },
      preValidation: adminAction,
    },
    async (request, reply) => {
      noStore(reply);
      return reply.code(201).send(await addProject(ctx, operator(request), request.body));
    },
  );
  app.get(
    `${base}/:id`,
    {
      schema: {
        summary: 'A project with every field its page shows, as the operator edits it',
        params: operatorProjectParamsSchema,
        response: { 200: operatorProjectSchema },
      },
      preValidation: [seller, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return readProject(ctx, operator(request), request.params.id);
    },
  );
  app.get(
    `${base}/:id/preview`,
    {
      schema: {
        summary: 'The project page as an investor sees it, drafts included, for the console’s preview',
        params: operatorProjectParamsSchema,
        response: { 200: productDetailSchema },
      },
      preValidation: [seller, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return previewProject(ctx, operator(request), request.params.id, publicOrigin(ctx.config.publicUrl));
    },
  );
  app.put(
    `${base}/:id`,
    {
      schema: {
        summary: 'Edit a project: the whole project, its lists written whole',
        params: operatorProjectParamsSchema,
        body: projectInputSchema,
        response: { 200: operatorProjectSchema },
      },
      preValidation: [sellerAction, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return editProject(ctx, operator(request), request.params.id, request.body);
    },
  );
  app.post(
    `${base}/:id/publish`,
    {
      schema: {
        summary: 'Publish a project: investors see it in the list, its page, search and the sitemap',
        params: operatorProjectParamsSchema,
        response: { 200: operatorProjectSchema },
      },
      preValidation: [adminAction, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return publishProject(ctx, operator(request), request.params.id);
    },
  );
  app.post(
    `${base}/:id/hide`,
    {
      schema: {
        summary: 'Hide a project: back to a draft only its staff see',
        params: operatorProjectParamsSchema,
        response: { 200: operatorProjectSchema },
      },
      preValidation: [adminAction, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return hideProject(ctx, operator(request), request.params.id);
    },
  );

  const capTable = async (
    request: Parameters<typeof authOf>[0] & { params: { id: number }; query: { at?: string; format?: string } },
    reply: Parameters<typeof noStore>[0],
  ) => {
    const table = await readCapTable(ctx, operator(request), request.params.id, request.query.at);
    if (request.query.format !== 'csv') {
      noStore(reply);
      return table;
    }
    const file = capTableCsv(table);
    return sendCsvFile(reply, file, contentDisposition(file.fileName));
  };
  app.get(
    `${base}/:id/cap-table`,
    {
      schema: {
        summary: 'Holders and balances at the end of a day, from the ledger (format=csv: a CSV file)',
        params: operatorProjectParamsSchema,
        querystring: capTableQuerySchema,
        response: { 200: capTableSchema },
      },
      preValidation: [seller, ownProject],
    },
    (request, reply) => capTable(request, reply),
  );

  app.get(
    `${base}/:id/documents`,
    {
      schema: {
        summary: 'The project’s documents, each with its versions (the current one first)',
        params: operatorProjectParamsSchema,
        response: { 200: operatorDocumentListSchema },
      },
      preValidation: [seller, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return listProjectDocuments(ctx, operator(request), request.params.id);
    },
  );

  // Multipart is parsed only here, with the upload limits every other upload has.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    const maxBytes = ctx.config.KYC_UPLOAD_MAX_BYTES;
    await uploads.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3 } });
    const rateLimit = tightRateLimit(ctx.config.UPLOAD_RATE_LIMIT_MAX);
    uploads.post(
      `${base}/:id/images`,
      {
        schema: {
          summary: 'Uploads an image for the project’s page (JPEG, PNG or WebP, checked by its content)',
          params: operatorProjectParamsSchema,
          response: { 201: projectImageSchema },
        },
        preValidation: [sellerAction, ownProject],
        config: { rateLimit },
      },
      async (request, reply) => {
        noStore(reply);
        const bytes = await readSingleFile(request, maxBytes);
        const url = await uploadProjectImage(ctx, operator(request), request.params.id, bytes);
        return reply.code(201).send({ url });
      },
    );
    uploads.post(
      `${base}/:id/documents`,
      {
        schema: {
          summary: 'Adds a document (a PDF, with the fields name and note) to the project',
          params: operatorProjectParamsSchema,
          response: { 201: operatorDocumentListSchema },
        },
        preValidation: [sellerAction, ownProject],
        config: { rateLimit },
      },
      async (request, reply) => {
        noStore(reply);
        const { bytes, fields } = await readFileWithFields(request, maxBytes);
        const { name, note } = checkFields(request, documentAddFieldsSchema, fields);
        const list = await addProjectDocument(ctx, operator(request), request.params.id, { bytes, name, note });
        return reply.code(201).send(list);
      },
    );
    uploads.post(
      `${base}/:id/documents/:documentId/versions`,
      {
        schema: {
          summary: 'Replaces a document with a new PDF (the field note says what changed); earlier versions stay',
          params: projectDocumentParamsSchema,
          response: { 201: operatorDocumentListSchema },
        },
        preValidation: [sellerAction, ownProject],
        config: { rateLimit },
      },
      async (request, reply) => {
        noStore(reply);
        const { bytes, fields } = await readFileWithFields(request, maxBytes);
        const { note } = checkFields(request, documentReplaceFieldsSchema, fields);
        const list = await replaceProjectDocument(
          ctx,
          operator(request),
          request.params.id,
          request.params.documentId,
          {
            bytes,
            note,
          },
        );
        return reply.code(201).send(list);
      },
    );
  });
};
