import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postListQuerySchema, postListSchema, postSchema, postUrlTitleParamsSchema } from '../../../src/domain/posts';
import { getPostByUrlTitle, listPosts } from './service';

// Readers may keep a copy briefly; a post published or hidden shows up within a minute.
const PUBLIC_CACHE = 'public, max-age=60';

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/posts',
    { schema: { querystring: postListQuerySchema, response: { 200: postListSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', PUBLIC_CACHE);
      return listPosts(app.ctx, request.query);
    },
  );

  app.get(
    '/api/v1/posts/names/:urlTitle',
    { schema: { params: postUrlTitleParamsSchema, response: { 200: postSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', PUBLIC_CACHE);
      return getPostByUrlTitle(app.ctx, request.params.urlTitle);
    },
  );
};
