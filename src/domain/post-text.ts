import he from 'he';

/** Words read per minute for the blog's read time (spec section 9). */
export const WORDS_PER_MINUTE = 200;

/** How long a post's description (meta description, link previews) may be, in characters. */
export const DESCRIPTION_MAX_CHARS = 150;

// Elements whose text is never shown to a reader, so it is not part of the description either.
const HIDDEN_ELEMENTS = /<(script|style|template|noscript|iframe|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
// Block-level boundaries become spaces so "</p><p>" never glues two words together.
const BLOCK_BOUNDARY =
  /<\/?(p|div|br|hr|h[1-6]|li|ul|ol|blockquote|figure|figcaption|pre|table|tr|td|th|section|article|header|footer)\b[^>]*>/gi;

/**
 * The text a reader sees in a piece of HTML: comments, hidden elements and tags removed,
 * entities decoded once, whitespace collapsed. Works without a DOM (server, worker, client).
 */
export function stripMarkup(html: string): string {
  const withoutTags = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(HIDDEN_ELEMENTS, ' ')
    .replace(BLOCK_BOUNDARY, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    // A stray "<" that starts no tag is text; anything still tag-shaped is dropped above.
    .replace(/\s+/g, ' ');
  return he.decode(withoutTags).replace(/\s+/g, ' ').trim();
}

/** Words in plain text: runs of letters or digits (Hangul words count like any other). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'\u2019_-]*/gu)?.length ?? 0;
}

/** Read time in whole minutes: words / 200, rounded up, at least 1 (spec section 9). */
export function readTimeMinutes(html: string): number {
  return Math.max(1, Math.ceil(countWords(stripMarkup(html)) / WORDS_PER_MINUTE));
}

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;

/** User-perceived characters: an emoji with modifiers or a decomposed Hangul syllable is one. */
function graphemes(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text);
}

/**
 * The first `max` characters of a text, counted as a reader counts them, so a cut never
 * splits a surrogate pair or a combined character. Trailing whitespace is dropped.
 */
export function cutText(text: string, max: number = DESCRIPTION_MAX_CHARS): string {
  const parts = graphemes(text);
  if (parts.length <= max) return text.trim();
  return parts.slice(0, max).join('').trimEnd();
}

/** A post's description: its content stripped of markup and cut to 150 characters. */
export function describePost(content: string): string {
  return cutText(stripMarkup(content), DESCRIPTION_MAX_CHARS);
}
