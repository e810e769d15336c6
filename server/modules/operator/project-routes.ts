import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { operatorRoute } from './operator-route';

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
  const base = '/api/v1/operator/projects';

  operatorRoute(app, {
    method: 'GET',
    url: base,
    role: 'SELLER',
    isNoStore: true,
    schema: { summary: 'Projects, drafts included, newest first', response: { 200: operatorProjectListSchema } },
    handler: (_request, _reply, operator) => listProjects(ctx, operator),
  });
  operatorRoute(app, {
    method: 'POST',
    url: base,
    role: 'ADMIN',
    isAction: true,
    isNoStore: true,
    schema: {
      summary: 'Create a project as a hidden draft',
      body: projectInputSchema,
      response: { 201: operatorProjectSchema },
    },
    handler: async (request, reply, operator) => reply.code(201).send(await addProject(ctx, operator, request.body)),
  });
  operatorRoute(app, {
    method: 'GET',
    url: `${base}/:id`,
    role: 'SELLER',
    isOwnProject: true,
    isNoStore: true,
    schema: {
      summary: 'A project with every field its page shows, as the operator edits it',
      params: operatorProjectParamsSchema,
      response: { 200: operatorProjectSchema },
    },
    handler: (request, _reply, operator) => readProject(ctx, operator, request.params.id),
  });
  operatorRoute(app, {
    method: 'GET',
    url: `${base}/:id/preview`,
    role: 'SELLER',
    isOwnProject: true,
    isNoStore: true,
    schema: {
      summary: 'The project page as an investor sees it, drafts included, for the console’s preview',
      params: operatorProjectParamsSchema,
      response: { 200: productDetailSchema },
    },
    handler: (request, _reply, operator) =>
      previewProject(ctx, operator, request.params.id, publicOrigin(ctx.config.publicUrl)),
  });
  operatorRoute(app, {
    method: 'PUT',
    url: `${base}/:id`,
    role: 'SELLER',
    isAction: true,
    isOwnProject: true,
    isNoStore: true,
    schema: {
      summary: 'Edit a project: the whole project, its lists written whole',
      params: operatorProjectParamsSchema,
      body: projectInputSchema,
      response: { 200: operatorProjectSchema },
    },
    handler: (request, _reply, operator) => editProject(ctx, operator, request.params.id, request.body),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/:id/publish`,
    role: 'ADMIN',
    isAction: true,
    isOwnProject: true,
    isNoStore: true,
    schema: {
      summary: 'Publish a project: investors see it in the list, its page, search and the sitemap',
      params: operatorProjectParamsSchema,
      response: { 200: operatorProjectSchema },
    },
    handler: (request, _reply, operator) => publishProject(ctx, operator, request.params.id),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/:id/hide`,
    role: 'ADMIN',
    isAction: true,
    isOwnProject: true,
    isNoStore: true,
    schema: {
      summary: 'Hide a project: back to a draft only its staff see',
      params: operatorProjectParamsSchema,
      response: { 200: operatorProjectSchema },
    },
    handler: (request, _reply, operator) => hideProject(ctx, operator, request.params.id),
  });

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/:id/cap-table`,
    role: 'SELLER',
    isOwnProject: true,
    schema: {
      summary: 'Holders and balances at the end of a day, from the ledger (format=csv: a CSV file)',
      params: operatorProjectParamsSchema,
      querystring: capTableQuerySchema,
      response: { 200: capTableSchema },
    },
    handler: async (request, reply, operator) => {
      const table = await readCapTable(ctx, operator, request.params.id, request.query.at);
      if (request.query.format !== 'csv') {
        noStore(reply);
        return table;
      }
      const file = capTableCsv(table);
      return sendCsvFile(reply as FastifyReply, file, contentDisposition(file.fileName));
    },
  });

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/:id/documents`,
    role: 'SELLER',
    isOwnProject: true,
    isNoStore: true,
    schema: {
      summary: 'The project’s documents, each with its versions (the current one first)',
      params: operatorProjectParamsSchema,
      response: { 200: operatorDocumentListSchema },
    },
    handler: (request, _reply, operator) => listProjectDocuments(ctx, operator, request.params.id),
  });

  // Multipart is parsed only here, with the upload limits every other upload has.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    const maxBytes = ctx.config.KYC_UPLOAD_MAX_BYTES;
    await uploads.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3 } });
    const rateLimit = tightRateLimit(ctx.config.UPLOAD_RATE_LIMIT_MAX);
    operatorRoute(uploads, {
      method: 'POST',
      url: `${base}/:id/images`,
      role: 'SELLER',
      isAction: true,
      isOwnProject: true,
      isNoStore: true,
      schema: {
        summary: 'Uploads an image for the project’s page (JPEG, PNG or WebP, checked by its content)',
        params: operatorProjectParamsSchema,
        response: { 201: projectImageSchema },
      },
      config: { rateLimit },
      handler: async (request, reply, operator) => {
        const bytes = await readSingleFile(request, maxBytes);
        const url = await uploadProjectImage(ctx, operator, request.params.id, bytes);
        return reply.code(201).send({ url });
      },
    });
    operatorRoute(uploads, {
      method: 'POST',
      url: `${base}/:id/documents`,
      role: 'SELLER',
      isAction: true,
      isOwnProject: true,
      isNoStore: true,
      schema: {
        summary: 'Adds a document (a PDF, with the fields name and note) to the project',
        params: operatorProjectParamsSchema,
        response: { 201: operatorDocumentListSchema },
      },
      config: { rateLimit },
      handler: async (request, reply, operator) => {
        const { bytes, fields } = await readFileWithFields(request, maxBytes);
        const { name, note } = checkFields(request, documentAddFieldsSchema, fields);
        const list = await addProjectDocument(ctx, operator, request.params.id, { bytes, name, note });
        return reply.code(201).send(list);
      },
    });
    operatorRoute(uploads, {
      method: 'POST',
      url: `${base}/:id/documents/:documentId/versions`,
      role: 'SELLER',
      isAction: true,
      isOwnProject: true,
      isNoStore: true,
      schema: {
        summary: 'Replaces a document with a new PDF (the field note says what changed); earlier versions stay',
        params: projectDocumentParamsSchema,
        response: { 201: operatorDocumentListSchema },
      },
      config: { rateLimit },
      handler: async (request, reply, operator) => {
        const { bytes, fields } = await readFileWithFields(request, maxBytes);
        const { note } = checkFields(request, documentReplaceFieldsSchema, fields);
        const list = await replaceProjectDocument(ctx, operator, request.params.id, request.params.documentId, {
          bytes,
          note,
        });
        return reply.code(201).send(list);
      },
    });
  });
};
