import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryListSchema,
  productDetailSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productShelvesSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  whitelistStateSchema,
} from '../../../src/domain/products';
import { projectImageNameSchema } from '../../../src/domain/project-documents';
import { authOf, optionalViewer } from '../../plugins/auth';
import { readProjectImage } from './images';
import { publicOrigin } from '../site/origin';
import {
  getCategories,
  getProductDetail,
  getShelves,
  getWhitelistState,
  listProducts,
  requestWhitelist,
  toggleProductSubscription,
} from './service';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const kycReader = app.requireAuth({ level: 'kyc' });
  const kycActor = app.requireAuth({ level: 'kyc', isAction: true });

  app.get(
    '/api/v1/products',
    { schema: { querystring: productListQuerySchema, response: { 200: productListResponseSchema } } },
    // Public, but a signed-in viewer also sees the restricted projects on their allowed list.
    async (request, reply) => listProducts(ctx, request.query, await optionalViewer(ctx, request, reply)),
  );

  app.get(
    '/api/v1/products/shelves',
    { schema: { response: { 200: productShelvesSchema } } },
    // The home page's shelves, with the list's visibility: a signed-in viewer's allowed list counts too.
    async (request, reply) => getShelves(ctx, await optionalViewer(ctx, request, reply)),
  );

  // Images uploaded for project pages (decision 1818): named by the SHA-256 of their bytes, so an
  // address never changes content and is kept a year; public, as the pages that show them are.
  app.get(
    '/api/v1/project-images/:name',
    { schema: { summary: 'An image uploaded for a project’s page', params: projectImageNameSchema } },
    async (request, reply) => {
      const image = await readProjectImage(ctx, request.params.name);
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .type(image.contentType)
        .send(image.bytes);
    },
  );

  app.get('/api/v1/categories', { schema: { response: { 200: categoryListSchema } } }, async () => getCategories(ctx));

  app.get(
    '/api/v1/products/:id',
    {
      schema: { params: productIdParamsSchema, response: { 200: productDetailSchema } },
      preValidation: kycReader,
      // The detail's one statement holds the project-access rule's facts; its service applies the rule.
      config: { projectRuleInService: true },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      return getProductDetail(ctx, authOf(request), request.params.id, publicOrigin(ctx.config.publicUrl));
    },
  );

  app.post(
    '/api/v1/products/subscribe',
    { schema: { body: subscribeRequestSchema, response: { 200: subscribeResponseSchema } }, preValidation: kycActor },
    async (request) => toggleProductSubscription(ctx, authOf(request), request.body.productId),
  );

  app.get(
    '/api/v1/products/:id/whitelist',
    {
      schema: { params: productIdParamsSchema, response: { 200: whitelistStateSchema } },
      preValidation: kycReader,
      config: { projectUse: 'ask' },
    },
    async (request) => getWhitelistState(ctx, authOf(request), request.params.id),
  );

  app.post(
    '/api/v1/products/:id/whitelist',
    {
      schema: { params: productIdParamsSchema, response: { 200: whitelistStateSchema } },
      preValidation: kycActor,
      config: { projectUse: 'ask' },
    },
    async (request) => requestWhitelist(ctx, authOf(request), request.params.id),
  );
};
