import { describe, expect, it } from 'vitest';
import { renderPostMarkdown } from '../../server/modules/posts/service';

/** What readers get from a post written in Markdown: marked's HTML through the post sanitizer. */
const html = (markdown: string) =>
  renderPostMarkdown(markdown).then((value) => value.replace(/>\n+</g, '><').replace(/\n/g, ' '));

describe('Markdown posts as readers get them', () => {
  it('makes headings, paragraphs, emphasis, links, images and code', async () => {
    expect(
      await html('## Growing season\n\nThe **rice** is *in*, see [the report](https://example.com/r "Report").'),
    ).toMatch(
      /^<h2[^>]*>Growing season<\/h2><p>The <strong>rice<\/strong> is <em>in<\/em>, see <a href="https:\/\/example\.com\/r"[^>]*>the report<\/a>\.<\/p>$/,
    );
    const image = await html('![A field](https://example.com/f.png) and `a < b`');
    expect(image).toContain('alt="A field"');
    expect(image).toContain('<code>a &lt; b</code>');
    expect(await html('```\nconst x = "<b>";\n```')).toContain('&lt;b&gt;');
  });

  it('nests lists, numbers from their start, and quotes', async () => {
    expect(await html('- one\n- two\n  - inner\n- three')).toBe(
      '<ul><li>one</li><li>two<ul><li>inner</li></ul></li><li>three</li></ul>',
    );
    expect(await html('3. c\n4. d')).toBe('<ol start="3"><li>c</li><li>d</li></ol>');
    expect(await html('> quoted\n> text')).toBe('<blockquote><p>quoted text</p></blockquote>');
  });

  it('makes tables, rules and underlined headings', async () => {
    const table = await html('| a | b |\n|---|---|\n| 1 | 2 |');
    expect(table).toMatch(/<table>.*<th[^>]*>a<\/th>.*<td[^>]*>1<\/td>.*<\/table>/);
    // The page's own title is its only h1: a post's top headings become h2.
    expect(await html('Title\n===\n\n---')).toMatch(/^<h2[^>]*>Title<\/h2><hr ?\/?>$/);
  });

  it('leaves nothing a reader could be attacked with, whatever is written', async () => {
    const written = await html(
      '<p>Written as <em>HTML</em></p>\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> <iframe src="https://example.com"></iframe>',
    );
    expect(written).toContain('<p>Written as <em>HTML</em></p>');
    expect(written).not.toMatch(/<script|javascript:|onerror|<iframe/i);
    expect(await html('1 < 2 & "quoted"')).toBe('<p>1 &lt; 2 &amp; "quoted"</p>');
    expect(await html('\\*not em\\*')).toBe('<p>*not em*</p>');
  });
});
