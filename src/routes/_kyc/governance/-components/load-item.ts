import { notFound } from '@tanstack/react-router';
import { RequestError } from '../../../../lib/request-error';

/**
 * A governance item's own page (a notice, a thread) loads its data here: an item that does not
 * exist is the 404 page. Apart from the error component (item-route.tsx) because loaders stay in
 * the first page's bundle while components load with their route.
 */
export async function loadItem(load: () => Promise<unknown>): Promise<void> {
  try {
    await load();
  } catch (error) {
    if (error instanceof RequestError && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
}
