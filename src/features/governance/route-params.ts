import { notFound } from '@tanstack/react-router';
import { readWholeNumber } from '../../domain/search';

/** A positive whole number from the path, or the 404 page (nothing malformed reaches the API). */
function positive(value: string): number {
  const id = readWholeNumber(value);
  if (id === undefined) throw notFound();
  return id;
}

/** `/governance/notice/$productId/$noticeId` as numbers. */
export const noticeParams = {
  parse: ({ productId, noticeId }: { productId: string; noticeId: string }) => ({
    productId: positive(productId),
    noticeId: positive(noticeId),
  }),
  stringify: ({ productId, noticeId }: { productId: number; noticeId: number }) => ({
    productId: String(productId),
    noticeId: String(noticeId),
  }),
};

/** `/governance/community/$productId/$threadId` as numbers. */
export const threadParams = {
  parse: ({ productId, threadId }: { productId: string; threadId: string }) => ({
    productId: positive(productId),
    threadId: positive(threadId),
  }),
  stringify: ({ productId, threadId }: { productId: number; threadId: number }) => ({
    productId: String(productId),
    threadId: String(threadId),
  }),
};
