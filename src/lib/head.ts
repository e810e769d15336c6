import { APP_DESCRIPTION, APP_TITLE } from '../domain/constants';

/** Title and description for a route's `head`: "<page> · Moa", or the app's own on the home page. */
export function pageHead(title?: string, description: string = APP_DESCRIPTION) {
  return {
    meta: [{ title: title ? `${title} · Moa` : APP_TITLE }, { name: 'description', content: description }],
  };
}

/**
 * The served HTML carries a description (and, for a blog post, a canonical link and preview
 * tags) for crawlers and link previews. Once the app runs, each route's `head` owns those
 * tags, so the served ones are removed to leave exactly one of each.
 */
export function releaseServedHead(doc: Document = document): void {
  doc.head
    .querySelectorAll(
      'meta[name="description"], link[rel="canonical"], meta[property^="og:"], meta[property^="article:"], meta[name^="twitter:"]',
    )
    .forEach((node) => node.remove());
}
