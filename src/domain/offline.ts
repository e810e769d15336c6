/**
 * Names the service worker and the page share for the offline blog: the page reads the
 * worker's cache to tell an offline reader when their copy was saved.
 */
export const BLOG_CACHE = 'moa-blog-v1';
export const SAVED_AT_HEADER = 'x-moa-saved-at';
/** Posts the worker fetches in the background whenever it saves the first page of the list. */
export const BLOG_PREFETCH_COUNT = 3;
