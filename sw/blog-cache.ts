import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { BLOG_CACHE, BLOG_PREFETCH_COUNT, SAVED_AT_HEADER } from '../src/domain/offline';

declare const self: ServiceWorkerGlobalScope;

const LIST_PATH = '/api/v1/posts';
const POST_PREFIX = '/api/v1/posts/names/';

interface PostLike {
  urlTitle?: unknown;
  thumbnail?: unknown;
  content?: unknown;
  author?: { image?: unknown };
}

/** Same-origin images a post shows: thumbnail, author picture and every <img> in its content. */
function imagesOf(post: PostLike): string[] {
  const urls = [post.thumbnail, post.author?.image].filter((value): value is string => typeof value === 'string');
  if (typeof post.content === 'string') {
    for (const match of post.content.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)) urls.push(match[1]!);
  }
  return urls
    .map((url) => new URL(url.replace(/&amp;/g, '&'), self.location.origin))
    .filter((url) => url.origin === self.location.origin)
    .map((url) => url.href);
}

/** A copy of a response that remembers when it was saved, for the "saved on" notice. */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  return new Response(await response.clone().blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

async function saveImages(cache: Cache, urls: string[]): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url).catch(() => null);
      if (response?.ok) await cache.put(url, response);
    }),
  );
}

async function savePost(cache: Cache, urlTitle: string): Promise<void> {
  const url = new URL(`${POST_PREFIX}${encodeURIComponent(urlTitle)}`, self.location.origin).href;
  if (await cache.match(url)) return;
  const response = await fetch(url).catch(() => null);
  if (!response?.ok) return;
  await cache.put(url, await stamped(response));
  await saveImages(cache, imagesOf((await response.json()) as PostLike));
}

/**
 * After a post or a page of the list is saved: keep the images it shows, and for the list's
 * first page also fetch the newest few posts, so a reader who only saw the list can still
 * open them on the train.
 */
const afterSave: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? stamped(response) : null),
  cacheDidUpdate: async ({ request, newResponse, event }) => {
    const work = (async () => {
      const cache = await caches.open(BLOG_CACHE);
      const url = new URL(request.url);
      const body: unknown = await newResponse.clone().json();
      if (url.pathname.startsWith(POST_PREFIX)) {
        await saveImages(cache, imagesOf(body as PostLike));
        return;
      }
      const posts = ((body as { postPayloads?: PostLike[] }).postPayloads ?? []).filter(
        (post): post is PostLike & { urlTitle: string } => typeof post.urlTitle === 'string',
      );
      await saveImages(
        cache,
        posts.flatMap((post) => imagesOf({ thumbnail: post.thumbnail, author: post.author })),
      );
      if (!url.searchParams.has('nextId')) {
        for (const post of posts.slice(0, BLOG_PREFETCH_COUNT)) await savePost(cache, post.urlTitle);
      }
    })().catch(() => undefined);
    if (event && 'waitUntil' in event) (event as ExtendableEvent).waitUntil(work);
  },
};

/**
 * The blog opens offline: the list and every post the reader opened are answered from the
 * network when it answers within a few seconds, and from the saved copy otherwise. Saved
 * posts are kept until a newer copy replaces them; the blog is small and reading it offline
 * is the point.
 */
export function installBlogCache(): void {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      (url.pathname === LIST_PATH || url.pathname.startsWith(POST_PREFIX)),
    new NetworkFirst({ cacheName: BLOG_CACHE, networkTimeoutSeconds: 4, plugins: [afterSave] }),
  );
}

/** For the image route: a saved blog image when the network and the image cache have none. */
export const blogImageFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) =>
    (await caches.open(BLOG_CACHE).then((cache) => cache.match(request.url))) ?? undefined,
};
