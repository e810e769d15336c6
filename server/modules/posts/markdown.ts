import { Marked } from 'marked';

/**
 * Markdown to HTML for blog posts written in the operator console (decision 1812), by marked
 * (CommonMark with GitHub's tables): headings, paragraphs, emphasis, links, images, lists,
 * quotes, code, rules, tables, and HTML written as is, as Markdown allows. The result is NOT
 * safe to show: renderPostMarkdown passes it through the post sanitizer (./sanitize.ts) before
 * it is stored or previewed, so every rule about what a post may contain lives in one place.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false }).trim();
}
