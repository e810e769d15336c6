import { z } from 'zod';
import { wholeNumberParam } from './fields';
import { POST_ADDRESS_MAX_LENGTH, POSTS_DEFAULT_LIMIT, POSTS_MAX_LIMIT } from './limits';
import { says } from './validation-messages';

/**
 * Blog wire shapes (spec section 3, Post; section 7, the /posts calls). A post's `content`
 * is HTML that the server sanitized when it was written.
 */

export const URL_TITLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const urlTitleSchema = z
  .string()
  .min(1, says('validation.postAddress'))
  .max(POST_ADDRESS_MAX_LENGTH, says('validation.postAddress'))
  .regex(URL_TITLE_PATTERN, says('validation.postAddress'));

export const postAuthorSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  image: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

export const postSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  urlTitle: z.string(),
  subTitle: z.string(),
  content: z.string(),
  author: postAuthorSchema,
  thumbnail: z.string().nullable(),
  createdAt: z.iso.datetime(),
  postedAt: z.iso.datetime(),
  isHide: z.boolean(),
  /** Minutes: words / 200, rounded up, at least 1. */
  readTime: z.number().int().min(1),
  /**
   * The content stripped of markup and cut to 150 characters: the page's description. The
   * server computes it, so the browser needs no HTML entity tables to show a post's head.
   */
  description: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export { POSTS_DEFAULT_LIMIT, POSTS_MAX_LIMIT };

export const postListQuerySchema = z.object({
  limit: wholeNumberParam('validation.limit.posts', { max: POSTS_MAX_LIMIT }).default(POSTS_DEFAULT_LIMIT),
  /** The id of the first post of the page wanted, as the previous page's nextId gave it. */
  nextId: wholeNumberParam('validation.nextId').optional(),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

export const postListSchema = z.object({
  postPayloads: z.array(postSchema),
  totalElements: z.number().int().min(0),
  totalPages: z.number().int().min(0),
  hasNextPage: z.boolean(),
  nextId: z.number().int().positive().nullable(),
});
export type PostList = z.infer<typeof postListSchema>;

export const postUrlTitleParamsSchema = z.object({ urlTitle: urlTitleSchema });
