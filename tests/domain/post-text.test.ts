import { describe, expect, it } from 'vitest';
import { countWords, cutText, describePost, readTimeMinutes, stripMarkup } from '../../src/domain/post-text';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('read time', () => {
  it('is words / 200 rounded up, at least 1', () => {
    expect(readTimeMinutes('')).toBe(1);
    expect(readTimeMinutes('<p></p>')).toBe(1);
    expect(readTimeMinutes(`<p>${words(1)}</p>`)).toBe(1);
    expect(readTimeMinutes(`<p>${words(200)}</p>`)).toBe(1);
    expect(readTimeMinutes(`<p>${words(201)}</p>`)).toBe(2);
    expect(readTimeMinutes(`<p>${words(400)}</p>`)).toBe(2);
    expect(readTimeMinutes(`<p>${words(401)}</p>`)).toBe(3);
  });

  it('counts the words a reader sees, not tags, attributes or scripts', () => {
    const html = `<h2 class="a b c d e">Title</h2><p>${words(199)}</p><script>${words(500)}</script><img alt="x" src="/a.png">`;
    expect(countWords(stripMarkup(html))).toBe(200);
    expect(readTimeMinutes(html)).toBe(1);
  });

  it('does not glue words across block boundaries', () => {
    expect(countWords(stripMarkup('<p>one</p><p>two</p><li>three</li>four<br>five'))).toBe(5);
  });

  it('counts Hangul words and punctuation-separated words', () => {
    expect(countWords('한우 농장에서 자란 소')).toBe(4);
    expect(countWords('K-pop, drama — and food!')).toBe(4);
  });
});

describe('stripping markup', () => {
  it('removes tags and comments and collapses whitespace', () => {
    expect(stripMarkup('<h2>Hello</h2>\n\n<p>the <strong>big</strong>   world</p><!-- note -->')).toBe(
      'Hello the big world',
    );
  });

  it('decodes entities once, so escaped markup stays text', () => {
    expect(stripMarkup('<p>Fish &amp; chips &lt;b&gt; &quot;q&quot; &#39;s&#39; &#x1F42E; &nbsp;x</p>')).toBe(
      'Fish & chips <b> "q" \'s\' 🐮 x',
    );
    expect(stripMarkup('&amp;lt;script&amp;gt;')).toBe('&lt;script&gt;');
  });

  it('drops what a reader never sees', () => {
    expect(stripMarkup('<style>p{color:red}</style><p>Shown</p><script>alert(1)</script>')).toBe('Shown');
  });
});

describe('cutting text', () => {
  it('keeps short text whole and cuts long text to the limit', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(cutText('a'.repeat(200), 150)).toHaveLength(150);
  });

  it('never splits a surrogate pair or a combined character', () => {
    const emoji = '🐮'.repeat(200);
    const cut = cutText(emoji, 150);
    expect(Array.from(cut)).toHaveLength(150);
    expect(cut).toBe('🐮'.repeat(150));
    const family = '👩‍👩‍👧';
    expect(cutText(`${family}${family}`, 1)).toBe(family);
    const decomposed = '한'.normalize('NFD');
    expect(cutText(decomposed.repeat(3), 2)).toBe(decomposed.repeat(2));
  });

  it('drops whitespace left at the cut', () => {
    expect(cutText('abc def', 4)).toBe('abc');
  });
});

describe('post description', () => {
  it('is the content stripped of markup and cut to 150 characters', () => {
    const content = `<h2>Intro</h2><p>${'한우 '.repeat(100)}</p>`;
    const description = describePost(content);
    expect(description.startsWith('Intro 한우 한우')).toBe(true);
    expect(Array.from(description).length).toBeLessThanOrEqual(150);
    expect(description).not.toMatch(/[<>]/);
  });

  it('counts a decoded entity as one character', () => {
    const description = describePost(`<p>${'&amp;'.repeat(200)}</p>`);
    expect(description).toBe('&'.repeat(150));
  });
});
