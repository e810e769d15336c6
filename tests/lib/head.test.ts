// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { releaseServedHead } from '../../src/lib/head';

describe('the served head', () => {
  it('gives up its description, canonical and preview tags once the app runs, keeping the rest', () => {
    document.head.innerHTML = `
      <meta charset="utf-8" /><title>Post · Moa</title>
      <meta name="description" content="served" /><meta name="theme-color" content="#25245f" />
      <link rel="canonical" href="https://moa.example/blog/x" /><link rel="manifest" href="/manifest.webmanifest" />
      <meta property="og:title" content="Post" /><meta property="article:author" content="A" />
      <meta name="twitter:card" content="summary" />`;
    releaseServedHead();
    expect(document.head.querySelectorAll('meta[name="description"], link[rel="canonical"]')).toHaveLength(0);
    expect(document.head.querySelectorAll('[property], meta[name^="twitter:"]')).toHaveLength(0);
    expect(document.title).toBe('Post · Moa');
    expect(document.head.querySelector('meta[name="theme-color"]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="manifest"]')).not.toBeNull();
  });
});
