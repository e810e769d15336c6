import { z } from 'zod';

/**
 * Blog wire shapes (spec section 3, Post; section 7, the /posts calls). A post's `content`
 * is HTML that the server sanitized when it was written.
 */

export const URL_TITLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const urlTitleSchema = z
  .string()
  .min(1, { error: 'The post address is empty.' })
  .max(120, { error: 'The post address is at most 120 characters.' })
  .regex(URL_TITLE_PATTERN, { error: 'The post address uses lower-case letters, digits and single hyphens.' });

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

export const POSTS_DEFAULT_LIMIT = 9;
export const POSTS_MAX_LIMIT = 50;

export const postListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(POSTS_MAX_LIMIT, { error: `limit must be at most ${POSTS_MAX_LIMIT}.` })
    .default(POSTS_DEFAULT_LIMIT),
  /** The id of the first post of the page wanted, as the previous page's nextId gave it. */
  nextId: z.coerce
    .number({ error: 'nextId must be a number.' })
    .int({ error: 'nextId must be a whole number.' })
    .positive({ error: 'nextId must be positive.' })
    .optional(),
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
