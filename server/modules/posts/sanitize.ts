import type sanitizeHtml from 'sanitize-html';

/**
 * What post content may contain: text structure, quotes, lists, links and images. Anything
 * else (scripts, styles, frames, forms, event handlers, javascript: and data: URLs) is
 * removed when a post is written, so every reader gets HTML that is safe to insert.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'cite',
    'q',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // Content headings start at h2: the page's own h1 is the post title.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const isExternal = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: isExternal ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs,
      };
    },
  },
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    th: ['scope'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

// sanitize-html (with its HTML and CSS parsers) is only needed when a post or a governance text
// is written, so it loads with the first one instead of with every start.
let sanitizer: Promise<typeof sanitizeHtml> | undefined;

export async function sanitizePostHtml(html: string): Promise<string> {
  return (await loadPostSanitizer())(html);
}

/** The same rule as a synchronous function, once loaded (the page renderer cleans while it renders). */
export async function loadPostSanitizer(): Promise<(html: string) => string> {
  sanitizer ??= import('sanitize-html').then((module) => module.default);
  const sanitize = await sanitizer;
  return (html) => sanitize(html, options).trim();
}
