/**
 * Markdown to HTML for blog posts written in the operator console (decision 1812): headings,
 * paragraphs, emphasis, links, images, lists, quotes, code, rules and tables, plus HTML written
 * as is (as Markdown allows). The result is NOT safe to show: the server passes it through the
 * post sanitizer (server/modules/posts/sanitize.ts) before it is stored or previewed, so every
 * rule about what a post may contain lives in one place.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ESCAPES[character]!);
}

// Tags that start a block of HTML written as is; it runs to the next blank line.
const HTML_BLOCK_TAGS = new Set(
  'address article aside blockquote body center dd details dialog div dl dt embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hr html iframe li link main menu nav noscript object ol p pre script section style summary table tbody td template textarea tfoot th thead title tr ul video audio canvas svg math'.split(
    ' ',
  ),
);
// Their content is raw text up to the closing tag, blank lines included.
const RAW_TEXT_TAGS = /^(script|style|pre|textarea)$/i;

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const BULLET = /^( {0,3})([-*+])([ \t]+|$)(.*)$/;
const ORDERED = /^( {0,3})(\d{1,9})([.)])([ \t]+|$)(.*)$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const TABLE_DIVIDER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const BLANK = /^[ \t]*$/;

function htmlBlockTag(line: string): string | null {
  if (/^ {0,3}<!--/.test(line)) return '!--';
  const match = /^ {0,3}<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)/.exec(line);
  if (!match) return null;
  const tag = match[1]!.toLowerCase();
  return HTML_BLOCK_TAGS.has(tag) ? tag : null;
}

function listMarker(line: string) {
  const bullet = BULLET.exec(line);
  if (bullet) {
    return {
      ordered: false,
      marker: bullet[2]!,
      start: 1,
      width: bullet[1]!.length + 1 + Math.max(1, bullet[3]!.length),
      text: bullet[4]!,
    };
  }
  const ordered = ORDERED.exec(line);
  if (ordered) {
    return {
      ordered: true,
      marker: ordered[3]!,
      start: Number(ordered[2]),
      width: ordered[1]!.length + ordered[2]!.length + 1 + Math.max(1, ordered[4]!.length),
      text: ordered[5]!,
    };
  }
  return null;
}

/** Whether a line ends a paragraph by starting a block of another kind. */
function startsBlock(line: string): boolean {
  if (FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || htmlBlockTag(line)) return true;
  const item = listMarker(line);
  // As in CommonMark, only a list item with text, and only "1." for a numbered one, interrupts.
  return Boolean(item && item.text.trim() && (!item.ordered || item.start === 1));
}

function splitCells(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function renderBlocks(lines: string[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) {
      i += 1;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const closing = new RegExp(`^ {0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}[ \\t]*$`);
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !closing.test(lines[i]!)) code.push(lines[i++]!);
      i += 1;
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}${code.length ? '\n' : ''}</code></pre>`);
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      out.push(`<h${level}>${renderInline(heading[2] ?? '')}</h${level}>`);
      i += 1;
      continue;
    }

    if (RULE.test(line)) {
      out.push('<hr />');
      i += 1;
      continue;
    }

    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && !BLANK.test(lines[i]!)) {
        const inner = QUOTE.exec(lines[i]!);
        // A line without ">" continues the quote's paragraph (a lazy continuation).
        quoted.push(inner ? inner[1]! : lines[i]!);
        i += 1;
      }
      out.push(`<blockquote>\n${renderBlocks(quoted)}\n</blockquote>`);
      continue;
    }

    const tag = htmlBlockTag(line);
    if (tag) {
      const html: string[] = [];
      if (RAW_TEXT_TAGS.test(tag) && !new RegExp(`</${tag}>`, 'i').test(line)) {
        while (i < lines.length) {
          html.push(lines[i]!);
          i += 1;
          if (new RegExp(`</${tag}>`, 'i').test(html.at(-1)!)) break;
        }
      } else if (tag === '!--' && !line.includes('-->')) {
        while (i < lines.length) {
          html.push(lines[i]!);
          i += 1;
          if (html.at(-1)!.includes('-->')) break;
        }
      } else {
        while (i < lines.length && !BLANK.test(lines[i]!)) html.push(lines[i++]!);
      }
      out.push(html.join('\n'));
      continue;
    }

    const item = listMarker(line);
    if (item) {
      const { html, next } = renderList(lines, i, item);
      out.push(html);
      i = next;
      continue;
    }

    // A table: a header row, a divider row, then rows, until a blank line.
    if (
      line.includes('|') &&
      i + 1 < lines.length &&
      TABLE_DIVIDER.test(lines[i + 1]!) &&
      lines[i + 1]!.includes('-')
    ) {
      const head = splitCells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && !BLANK.test(lines[i]!) && lines[i]!.includes('|')) rows.push(splitCells(lines[i++]!));
      const cells = (row: string[], cell: 'th' | 'td') =>
        head
          .map(
            (_, index) => `<${cell}${cell === 'th' ? ' scope="col"' : ''}>${renderInline(row[index] ?? '')}</${cell}>`,
          )
          .join('');
      out.push(
        `<table>\n<thead>\n<tr>${cells(head, 'th')}</tr>\n</thead>\n<tbody>\n${rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('\n')}\n</tbody>\n</table>`,
      );
      continue;
    }

    // A paragraph, until a blank line or another block; "===" or "---" under it makes it a heading.
    const text: string[] = [line];
    i += 1;
    let setext: number | null = null;
    while (i < lines.length && !BLANK.test(lines[i]!)) {
      const underline = SETEXT.exec(lines[i]!);
      if (underline) {
        setext = underline[1]![0] === '=' ? 1 : 2;
        i += 1;
        break;
      }
      if (startsBlock(lines[i]!)) break;
      text.push(lines[i++]!);
    }
    const inline = renderInline(text.map((part) => part.replace(/^[ \t]+/, '')).join('\n'));
    out.push(setext ? `<h${setext}>${inline}</h${setext}>` : `<p>${inline}</p>`);
  }
  return out.join('\n');
}

function renderList(
  lines: string[],
  from: number,
  first: NonNullable<ReturnType<typeof listMarker>>,
): { html: string; next: number } {
  const items: string[][] = [];
  let loose = false;
  let i = from;
  let current: string[] | null = null;
  let width = first.width;
  let blankBefore = false;
  while (i < lines.length) {
    const line = lines[i]!;
    const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
    if (current && !BLANK.test(line) && indent >= width) {
      if (blankBefore && current.some((part) => part.trim())) loose = true;
      current.push(line.replace(/^[ \t]*/, ' '.repeat(indent - width)));
      blankBefore = false;
      i += 1;
      continue;
    }
    const marker = listMarker(line);
    if (marker && marker.ordered === first.ordered && marker.marker === first.marker) {
      if (blankBefore && current) loose = true;
      current = [marker.text];
      items.push(current);
      width = marker.width;
      blankBefore = false;
      i += 1;
      continue;
    }
    if (BLANK.test(line)) {
      blankBefore = true;
      current?.push('');
      i += 1;
      continue;
    }
    // A line that is not indented continues the item's paragraph unless a blank line or a block came first.
    if (!blankBefore && current && !startsBlock(line)) {
      current.push(line);
      i += 1;
      continue;
    }
    break;
  }
  const rendered = items.map((item) => {
    while (item.length && !item.at(-1)!.trim()) item.pop();
    if (loose) return `<li>\n${renderBlocks(item)}\n</li>`;
    // A tight item: its first paragraph without <p>, then whatever blocks follow (a nested list).
    const split = item.findIndex((part, index) => index > 0 && (BLANK.test(part) || startsBlock(part)));
    const text = split === -1 ? item : item.slice(0, split);
    const rest = split === -1 ? [] : item.slice(split);
    const body = renderInline(text.map((part) => part.trim()).join('\n'));
    return `<li>${body}${rest.length ? `\n${renderBlocks(rest)}\n` : ''}</li>`;
  });
  const tag = first.ordered ? 'ol' : 'ul';
  const start = first.ordered && first.start !== 1 ? ` start="${first.start}"` : '';
  return { html: `<${tag}${start}>\n${rendered.join('\n')}\n</${tag}>`, next: i };
}

// Pieces already made into HTML wait in the text as private-use characters around their index.
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

function renderInline(source: string): string {
  const stash: string[] = [];
  const keep = (html: string) => `\uE000${stash.push(html) - 1}\uE001`;
  const link = (href: string) => escapeHtml(href.trim().replace(/^<|>$/g, ''));
  let text = source
    // Code first: nothing inside it is Markdown or HTML.
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) =>
      keep(`<code>${escapeHtml(code.replace(/\n/g, ' ').replace(/^ (.*) $/, '$1'))}</code>`),
    )
    .replace(/\\\n/g, () => keep('<br />'))
    .replace(/\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g, (_, character: string) => keep(escapeHtml(character)))
    .replace(/<((?:https?:\/\/|mailto:)[^\s<>]+)>/gi, (_, href: string) =>
      keep(`<a href="${link(href)}">${escapeHtml(href)}</a>`),
    )
    // HTML written as is, and comments; the sanitizer decides what of it stays.
    .replace(/<!--[\s\S]*?-->|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s+[^<>]*?)?\/?>/g, (tag) => keep(tag))
    .replace(
      /!\[([^\]]*)\]\(\s*(<[^>]*>|(?:[^\s()]|\([^\s()]*\))*)(?:\s+"([^"]*)")?\s*\)/g,
      (_, alt: string, src: string, title: string | undefined) =>
        keep(`<img src="${link(src)}" alt="${escapeHtml(alt)}"${title ? ` title="${escapeHtml(title)}"` : ''} />`),
    )
    .replace(
      /\[((?:[^\]\\]|\\.)*)\]\(\s*(<[^>]*>|(?:[^\s()]|\([^\s()]*\))*)(?:\s+"([^"]*)")?\s*\)/g,
      (_, label: string, href: string, title: string | undefined) =>
        keep(`<a href="${link(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${renderInline(label)}</a>`),
    );
  text = escapeHtml(text)
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^\p{L}\p{N}_])__(?=\S)([\s\S]*?\S)__(?![\p{L}\p{N}_])/gu, '$1<strong>$2</strong>')
    .replace(/\*(?=\S)([\s\S]*?\S)\*/g, '<em>$1</em>')
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([\s\S]*?\S)_(?![\p{L}\p{N}_])/gu, '$1<em>$2</em>')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '<s>$1</s>')
    .replace(/ {2,}\n/g, '<br />\n');
  return text.replace(PLACEHOLDER, (_, index: string) => stash[Number(index)]!);
}

/** Markdown to (unsanitized) HTML; see the module comment. */
export function markdownToHtml(markdown: string): string {
  const lines = markdown
    .replace(/[\uE000\uE001]/g, '\uFFFD')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  return renderBlocks(lines);
}
