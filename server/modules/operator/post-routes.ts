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
import { authOf, requestMeta } from '../../plugins/auth';
import { noStore, tightRateLimit } from '../../plugins/presets';
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
import { operatorOfRequest } from './service';

/**
 * The console's Blog screen (decision 1812): every post, drafts, scheduled and hidden ones
 * included, and the actions on them. Admins only (ROLE_REQUIRED otherwise); reads are `no-store`.
 */
export const operatorPostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = app.requireAuth({ level: 'verified', role: 'ADMIN' });
  const adminAction = app.requireAuth({ level: 'verified', role: 'ADMIN', isAction: true });
  const base = '/api/v1/operator/posts';
  const operator = (request: Parameters<typeof authOf>[0]) => operatorOfRequest(authOf(request), requestMeta(request));

  app.get(
    base,
    {
      schema: {
        summary: 'Every blog post with its state (draft, scheduled, published, hidden), newest first',
        response: { 200: operatorPostListSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      noStore(reply);
      return { posts: await listConsolePosts(ctx, operator(request)) };
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        summary: 'A blog post as the editor opens it, with its Markdown',
        params: operatorPostParamsSchema,
        response: { 200: operatorPostSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      noStore(reply);
      return readConsolePost(ctx, operator(request), request.params.id);
    },
  );

  app.post(
    `${base}/preview`,
    {
      schema: {
        summary: 'Markdown as readers would get it: made into HTML and sanitized as saving would',
        body: postPreviewRequestSchema,
        response: { 200: postPreviewSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      noStore(reply);
      return previewConsolePost(operator(request), request.body.markdown);
    },
  );

  app.post(
    base,
    {
      schema: {
        summary: 'Writes a blog post: a draft, published now, or scheduled',
        body: postEditSchema,
        response: { 201: operatorPostSchema },
      },
      preValidation: adminAction,
    },
    async (request, reply) => reply.code(201).send(await createConsolePost(ctx, operator(request), request.body)),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        summary: 'Rewrites a blog post, its address and when it is published',
        params: operatorPostParamsSchema,
        body: postEditSchema,
        response: { 200: operatorPostSchema },
      },
      preValidation: adminAction,
    },
    async (request) => editConsolePost(ctx, operator(request), request.params.id, request.body),
  );

  for (const [action, hidden] of [
    ['hide', true],
    ['show', false],
  ] as const) {
    app.post(
      `${base}/:id/${action}`,
      {
        schema: {
          summary: hidden ? 'Hides a blog post from readers' : 'Shows a hidden blog post to readers again',
          params: operatorPostParamsSchema,
          response: { 200: operatorPostSchema },
        },
        preValidation: adminAction,
      },
      async (request) => setConsolePostHidden(ctx, operator(request), request.params.id, hidden),
    );
  }

  // Multipart is parsed only here, with the upload limits every other upload has.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: ctx.config.KYC_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    uploads.post(
      `${base}/images`,
      {
        schema: {
          summary: 'Uploads a post image (JPEG, PNG or WebP, checked by its content)',
          response: { 201: postImageSchema },
        },
        preValidation: adminAction,
        config: { rateLimit: tightRateLimit(ctx.config.UPLOAD_RATE_LIMIT_MAX) },
      },
      async (request, reply) => {
        const bytes = await readSingleFile(request, ctx.config.KYC_UPLOAD_MAX_BYTES);
        return reply.code(201).send({ url: await uploadConsolePostImage(ctx, operator(request), bytes) });
      },
    );
  });
};
