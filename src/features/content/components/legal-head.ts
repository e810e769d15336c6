import { canonicalLink } from '../../../lib/canonical';
import { pageHead } from '../../../lib/head';
import type { ContentDocument } from '../types';

/** Head for a legal page; both of its addresses name the same canonical one. */
export function legalHead(document: ContentDocument, canonicalPath: string) {
  return { ...pageHead(document.title, document.description), links: [canonicalLink(canonicalPath)] };
}
