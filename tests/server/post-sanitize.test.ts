import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../server/modules/posts/sanitize';

describe('post content sanitizer', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)">ok</p>', '<p>ok</p>'],
    ['<img src="/a.png" onerror="alert(1)" alt="a">', '<img src="/a.png" alt="a" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d">', '<img alt="d" />'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<p style="background:url(javascript:alert(1))">ok</p>', '<p>ok</p>'],
    ['<form action="/x"><input name="p"></form>', ''],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<p>a<style>p{}</style>b</p>', '<p>ab</p>'],
  ])('removes the dangerous part of %s', async (input, expected) => {
    expect(await sanitizePostHtml(input)).toBe(expected);
  });

  it('keeps headings, lists, images, quotes and links', async () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<blockquote><p>quote</p></blockquote><img src="/demo/blog/a.svg" alt="A" width="10" height="10" />' +
      '<p><a href="/faq">faq</a> <a href="mailto:hi@moa.example">mail</a> <strong>b</strong> <em>i</em></p>';
    expect(await sanitizePostHtml(html)).toBe(html);
  });

  it('opens external links safely and turns h1 into h2', async () => {
    expect(await sanitizePostHtml('<h1>Big</h1><a href="https://example.com">x</a>')).toBe(
      '<h2>Big</h2><a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });
});
