import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  operatorPostListSchema,
  operatorPostParamsSchema,
  operatorPostSchema,
  postEditSchema,
  postImageSchema,
  postPreviewRequestSchema,
  postPreviewSchema,
} from '../../../src/domain/operator-posts';
import { tightRateLimit } from '../../plugins/presets';
import { readSingleFile } from '../uploads/storage';
import {
  createConsolePost,
  editConsolePost,
  listConsolePosts,
  previewConsolePost,
  readConsolePost,
  setConsolePostHidden,
  uploadConsolePostImage,
} from './posts';
import { operatorRoute } from './operator-route';

/**
 * The console's Blog screen (decision 1812): every post, drafts, scheduled and hidden ones
 * included, and the actions on them. Admins only (ROLE_REQUIRED otherwise); reads are `no-store`.
 */
export const operatorPostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const base = '/api/v1/operator/posts';

  operatorRoute(app, {
    method: 'GET',
    url: base,
    role: 'ADMIN',
    isNoStore: true,
    schema: {
      summary: 'Every blog post with its state (draft, scheduled, published, hidden), newest first',
      response: { 200: operatorPostListSchema },
    },
    handler: async (_request, _reply, operator) => ({ posts: await listConsolePosts(ctx, operator) }),
  });

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/:id`,
    role: 'ADMIN',
    isNoStore: true,
    schema: {
      summary: 'A blog post as the editor opens it, with its Markdown',
      params: operatorPostParamsSchema,
      response: { 200: operatorPostSchema },
    },
    handler: (request, _reply, operator) => readConsolePost(ctx, operator, request.params.id),
  });

  operatorRoute(app, {
    method: 'POST',
    url: `${base}/preview`,
    role: 'ADMIN',
    isNoStore: true,
    schema: {
      summary: 'Markdown as readers would get it: made into HTML and sanitized as saving would',
      body: postPreviewRequestSchema,
      response: { 200: postPreviewSchema },
    },
    handler: (request, _reply, operator) => previewConsolePost(operator, request.body.markdown),
  });

  operatorRoute(app, {
    method: 'POST',
    url: base,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Writes a blog post: a draft, published now, or scheduled',
      body: postEditSchema,
      response: { 201: operatorPostSchema },
    },
    handler: async (request, reply, operator) =>
      reply.code(201).send(await createConsolePost(ctx, operator, request.body)),
  });

  operatorRoute(app, {
    method: 'PUT',
    url: `${base}/:id`,
    role: 'ADMIN',
    isAction: true,
    schema: {
      summary: 'Rewrites a blog post, its address and when it is published',
      params: operatorPostParamsSchema,
      body: postEditSchema,
      response: { 200: operatorPostSchema },
    },
    handler: (request, _reply, operator) => editConsolePost(ctx, operator, request.params.id, request.body),
  });

  for (const [action, hidden] of [
    ['hide', true],
    ['show', false],
  ] as const) {
    operatorRoute(app, {
      method: 'POST',
      url: `${base}/:id/${action}`,
      role: 'ADMIN',
      isAction: true,
      schema: {
        summary: hidden ? 'Hides a blog post from readers' : 'Shows a hidden blog post to readers again',
        params: operatorPostParamsSchema,
        response: { 200: operatorPostSchema },
      },
      handler: (request, _reply, operator) => setConsolePostHidden(ctx, operator, request.params.id, hidden),
    });
  }

  // Multipart is parsed only here, with the upload limits every other upload has.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: ctx.config.KYC_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    operatorRoute(uploads, {
      method: 'POST',
      url: `${base}/images`,
      role: 'ADMIN',
      isAction: true,
      schema: {
        summary: 'Uploads a post image (JPEG, PNG or WebP, checked by its content)',
        response: { 201: postImageSchema },
      },
      config: { rateLimit: tightRateLimit(ctx.config.UPLOAD_RATE_LIMIT_MAX) },
      handler: async (request, reply, operator) => {
        const bytes = await readSingleFile(request, ctx.config.KYC_UPLOAD_MAX_BYTES);
        return reply.code(201).send({ url: await uploadConsolePostImage(ctx, operator, bytes) });
      },
    });
  });
};
