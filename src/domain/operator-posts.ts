import { z } from 'zod';
import { APP_NAME } from './constants';
import { visibleText, wholeNumberParam } from './fields';
import { POST_DESCRIPTION_MAX_LENGTH, POST_MARKDOWN_MAX_LENGTH, POST_TITLE_MAX_LENGTH } from './limits';
import { DESCRIPTION_MAX_CHARS } from './post-text';
import { postAuthorSchema, urlTitleSchema } from './posts';
import { says, type ValidationKey } from './validation-messages';

/**
 * The blog as operators write it in the console (issue 23, screen "Blog"; decision 1812). The
 * same schemas check the editor's form and the server's routes.
 */

/** Where a post stands for readers, worked out from its flags and its date at the time asked. */
export const postStates = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'HIDDEN'] as const;
export type PostState = (typeof postStates)[number];

/** Hidden wins over everything; a draft is never shown; a date still to come is scheduled. */
export function postStateAt(post: { isHide: boolean; isDraft: boolean; postedAt: string }, now: Date): PostState {
  if (post.isHide) return 'HIDDEN';
  if (post.isDraft) return 'DRAFT';
  return Date.parse(post.postedAt) > now.getTime() ? 'SCHEDULED' : 'PUBLISHED';
}

/** Uploaded post images live here, named by a random id and their image type. */
export const POST_IMAGE_PATH =
  /^\/api\/v1\/posts\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;
export const postImageNameSchema = z.object({
  name: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/,
      says('validation.post.thumbnail'),
    ),
});

export const postTitleSchema = visibleText('validation.post.title', POST_TITLE_MAX_LENGTH);
export const postDescriptionSchema = visibleText('validation.post.description', POST_DESCRIPTION_MAX_LENGTH);
export const postMarkdownSchema = z
  .string(says('validation.post.markdown'))
  .max(POST_MARKDOWN_MAX_LENGTH, says('validation.post.markdown'))
  .refine((value) => value.trim().length > 0, says('validation.post.markdown'));

/** A site path: the post's current thumbnail kept as it is, or an image uploaded in the console. */
export const postThumbnailSchema = z
  .string(says('validation.post.thumbnail'))
  .max(500, says('validation.post.thumbnail'))
  .regex(/^\/[A-Za-z0-9_.\-/]+$/, says('validation.post.thumbnail'))
  .refine((value) => !value.includes('..') && !value.includes('//'), says('validation.post.thumbnail'));

/**
 * When readers see the post: not yet (a draft), from now, or from a chosen time (in the future
 * it is scheduled; a published post keeps its date by sending it back).
 */
/** What the editor says when a new publish time is not ahead (the API takes any instant). */
export const PUBLISH_AT_REFUSAL = 'validation.post.publishAt' satisfies ValidationKey;

export const postPublishSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('DRAFT') }),
  z.object({ mode: z.literal('NOW') }),
  z.object({ mode: z.literal('AT'), at: z.iso.datetime({ offset: true, ...says(PUBLISH_AT_REFUSAL) }) }),
]);
export type PostPublish = z.infer<typeof postPublishSchema>;

export const postEditSchema = z.object({
  title: postTitleSchema,
  urlTitle: urlTitleSchema,
  description: postDescriptionSchema,
  markdown: postMarkdownSchema,
  thumbnail: postThumbnailSchema.nullable(),
  publish: postPublishSchema,
});
export type PostEdit = z.infer<typeof postEditSchema>;

export const operatorPostSummarySchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  urlTitle: z.string(),
  subTitle: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  author: postAuthorSchema,
  createdAt: z.iso.datetime(),
  postedAt: z.iso.datetime(),
  isHide: z.boolean(),
  isDraft: z.boolean(),
  state: z.enum(postStates),
  readTime: z.number().int().min(1),
});
export type OperatorPostSummary = z.infer<typeof operatorPostSummarySchema>;

export const operatorPostListSchema = z.object({ posts: z.array(operatorPostSummarySchema) });
export type OperatorPostList = z.infer<typeof operatorPostListSchema>;

export const operatorPostSchema = operatorPostSummarySchema.extend({
  /** The Markdown the editor opens: what was written, or the stored HTML of an older post. */
  markdown: z.string(),
  /** The sanitized HTML readers get. */
  content: z.string(),
});
export type OperatorPost = z.infer<typeof operatorPostSchema>;

export const operatorPostParamsSchema = z.object({
  id: wholeNumberParam('validation.itemId'),
});

export const postPreviewRequestSchema = z.object({
  markdown: z.string().max(POST_MARKDOWN_MAX_LENGTH, says('validation.post.markdown')),
});
export const postPreviewSchema = z.object({ html: z.string(), readTime: z.number().int().min(1) });
export type PostPreview = z.infer<typeof postPreviewSchema>;

export const postImageSchema = z.object({ url: z.string() });

/**
 * How a search engine shows the post: the page's title and its description, and how much of each
 * fits (about 60 characters of title; the description is cut where the page head cuts it).
 */
export const SEARCH_TITLE_HINT = 60;
export const SEARCH_DESCRIPTION_HINT = DESCRIPTION_MAX_CHARS;

export function searchTitleOf(title: string): string {
  return `${title} · ${APP_NAME}`;
}

/**
 * A URL title suggested from a title: lower-case Latin letters and digits joined by single
 * hyphens (a title in Hangul suggests nothing; the operator types one).
 */
export function suggestUrlTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}
