import { notFound } from '@tanstack/react-router';
import { readWholeNumber } from '../domain/search';

/**
 * `$productId` path params as a number: a link with anything but a positive integer is a page
 * that does not exist, so it shows the 404 page instead of reaching the API.
 */
export const productIdParams = {
  parse: ({ productId }: { productId: string }) => {
    const id = readWholeNumber(productId);
    if (id === undefined) throw notFound();
    return { productId: id };
  },
  stringify: ({ productId }: { productId: number }) => ({ productId: String(productId) }),
};
