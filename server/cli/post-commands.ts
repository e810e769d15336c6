import { AppError } from '../errors';
import { listConsolePosts, setConsolePostHidden } from '../modules/operator/posts';
import type { Command } from './commands';
import { operatorOf } from './operator';

function postId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new AppError('VALIDATION_FAILED', `"${value ?? ''}" is not a post id.`);
  return id;
}

/** The blog from the command line, through the same service (and audit) as the console's Blog screen. */
export const postCommands: Record<string, Command> = {
  'post:list': {
    args: '[--as <email>]',
    summary: 'List every blog post with its state (draft, scheduled, published, hidden)',
    run: async (ctx, args) => {
      const { operator } = await operatorOf(ctx, args);
      const posts = await listConsolePosts(ctx, operator);
      if (!posts.length) return 'No posts.';
      return posts
        .map((post) => `${post.id}  ${post.state}  ${post.postedAt}  /blog/${post.urlTitle}  ${post.title}`)
        .join('\n');
    },
  },
  'post:hide': {
    args: '<postId> [--as <email>]',
    summary: 'Hide a blog post from readers (list, page, sitemap) until it is shown again',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [id],
      } = await operatorOf(ctx, args);
      const post = await setConsolePostHidden(ctx, operator, postId(id), true);
      return `Hid post ${post.id} (/blog/${post.urlTitle}).`;
    },
  },
  'post:show': {
    args: '<postId> [--as <email>]',
    summary: 'Show a hidden blog post to readers again',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [id],
      } = await operatorOf(ctx, args);
      const post = await setConsolePostHidden(ctx, operator, postId(id), false);
      return `Showed post ${post.id} (/blog/${post.urlTitle}); it is ${post.state.toLowerCase()}.`;
    },
  },
};
