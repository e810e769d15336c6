import { APP_NAME } from '../../../src/domain/constants';
import type { Post } from '../../../src/domain/posts';
import { escapeHtml } from '../site/origin';

/** The same title the page sets once it runs, so crawlers and readers see one title. */
export function postDocumentTitle(post: Pick<Post, 'title'>): string {
  return `${post.title} · ${APP_NAME}`;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}

/**
 * The app shell for one post, with its title, description, canonical link and Open Graph /
 * Twitter card tags already in the HTML, so link previews and crawlers need no JavaScript.
 * Every value is escaped; the shell's generic title and description are replaced.
 */
export function renderPostShell(shell: string, post: Post, origin: string): string {
  const title = escapeHtml(postDocumentTitle(post));
  const description = escapeHtml(post.description);
  const url = escapeHtml(absoluteUrl(origin, `/blog/${encodeURIComponent(post.urlTitle)}`));
  const image = post.thumbnail ? escapeHtml(absoluteUrl(origin, post.thumbnail)) : null;
  const postTitle = escapeHtml(post.title);
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${APP_NAME}" />`,
    `<meta property="og:title" content="${postTitle}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    ...(image ? [`<meta property="og:image" content="${image}" />`] : []),
    `<meta property="article:published_time" content="${escapeHtml(post.postedAt)}" />`,
    `<meta property="article:author" content="${escapeHtml(post.author.name)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${postTitle}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(image ? [`<meta name="twitter:image" content="${image}" />`] : []),
  ];
  // Replacer functions, so a "$" in a post's text is never read as a replacement pattern.
  return shell
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/i, () => `<meta name="description" content="${description}" />`)
    .replace(/\s*<\/head>/i, () => `\n    ${tags.join('\n    ')}\n  </head>`);
}
