import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postListQuerySchema, postListSchema, postSchema, postUrlTitleParamsSchema } from '../../../src/domain/posts';
import { postImageNameSchema } from '../../../src/domain/operator-posts';
import { readPostImage } from './images';
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

  // Images uploaded for posts (thumbnails): named by a random id, so a name never changes content.
  app.get(
    '/api/v1/posts/images/:name',
    { schema: { summary: 'An image uploaded for a blog post', params: postImageNameSchema } },
    async (request, reply) => {
      const image = await readPostImage(app.ctx, request.params.name);
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .type(image.contentType)
        .send(image.bytes);
    },
  );
};
