import { notFound } from '@tanstack/react-router';
import { productIdSchema } from '../domain/schemas';

/**
 * `$productId` path params as a number: a link with anything but a positive integer is a page
 * that does not exist, so it shows the 404 page instead of reaching the API.
 */
export const productIdParams = {
  parse: ({ productId }: { productId: string }) => {
    const parsed = productIdSchema.safeParse(productId);
    if (!parsed.success) throw notFound();
    return { productId: parsed.data };
  },
  stringify: ({ productId }: { productId: number }) => ({ productId: String(productId) }),
};
