import { describe, expect, it } from 'vitest';
import { markdownToHtml } from '../../src/domain/markdown';

describe('Markdown for blog posts', () => {
  it('makes headings, paragraphs, emphasis, links, images and code', () => {
    expect(
      markdownToHtml('## Growing season\n\nThe **rice** is *in*, see [the report](https://example.com/r "Report").'),
    ).toBe(
      '<h2>Growing season</h2>\n<p>The <strong>rice</strong> is <em>in</em>, see <a href="https://example.com/r" title="Report">the report</a>.</p>',
    );
    expect(markdownToHtml('![A field](https://example.com/f.png) and `a < b`')).toBe(
      '<p><img src="https://example.com/f.png" alt="A field" /> and <code>a &lt; b</code></p>',
    );
    expect(markdownToHtml('```\nconst x = "<b>";\n```')).toBe(
      '<pre><code>const x = &quot;&lt;b&gt;&quot;;\n</code></pre>',
    );
  });

  it('nests lists, numbers from their start, and quotes', () => {
    expect(markdownToHtml('- one\n- two\n  - inner\n- three')).toBe(
      '<ul>\n<li>one</li>\n<li>two\n<ul>\n<li>inner</li>\n</ul>\n</li>\n<li>three</li>\n</ul>',
    );
    expect(markdownToHtml('3. c\n4. d')).toBe('<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>');
    expect(markdownToHtml('> quoted\n> text')).toBe('<blockquote>\n<p>quoted\ntext</p>\n</blockquote>');
  });

  it('makes tables, rules and underlined headings', () => {
    expect(markdownToHtml('| a | b |\n|---|---|\n| 1 | 2 |')).toBe(
      '<table>\n<thead>\n<tr><th scope="col">a</th><th scope="col">b</th></tr>\n</thead>\n<tbody>\n<tr><td>1</td><td>2</td></tr>\n</tbody>\n</table>',
    );
    expect(markdownToHtml('Title\n===\n\n---')).toBe('<h1>Title</h1>\n<hr />');
  });

  it('escapes text and keeps written HTML for the sanitizer to judge', () => {
    expect(markdownToHtml('1 < 2 & "quoted"')).toBe('<p>1 &lt; 2 &amp; &quot;quoted&quot;</p>');
    expect(markdownToHtml('<p>Written as <em>HTML</em></p>\n<ul>\n<li>x</li>\n</ul>')).toBe(
      '<p>Written as <em>HTML</em></p>\n<ul>\n<li>x</li>\n</ul>',
    );
    // Links keep balanced parentheses, so the sanitizer sees the whole address it must refuse.
    expect(markdownToHtml('[x](javascript:alert(1))')).toBe('<p><a href="javascript:alert(1)">x</a></p>');
    expect(markdownToHtml('\\*not em\\*')).toBe('<p>*not em*</p>');
  });
});
