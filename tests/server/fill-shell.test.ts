import { describe, expect, it } from 'vitest';
import { fillShell } from '../../server/modules/site/fill-shell';

const shell = [
  '<!doctype html><html lang="en"><head><title>Moa</title>',
  '<script type="module" crossorigin src="/assets/index-Entry1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-React1.js">',
  '<link rel="modulepreload" crossorigin href="/assets/app-Shared1.js">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const page = (modules: string[]) => ({
  html: '<h1>Overview</h1>',
  title: 'Overview',
  description: undefined,
  state: {},
  modules,
});

describe('a painted page in the shell', () => {
  it('names the first page’s modules, then its routes’ own, each once, for the starter', () => {
    const html = fillShell(
      shell,
      page(['/assets/queries-Q1.js', '/assets/app-Shared1.js', '/assets/overview-O1.js']),
      'ko',
    );
    expect(html).toContain(
      '<script type="module" src="/start-after-paint.js" data-app="/assets/index-Entry1.js" ' +
        'data-modules="/assets/react-React1.js /assets/app-Shared1.js /assets/queries-Q1.js /assets/overview-O1.js"></script>',
    );
    // The starter asks for them after the paint: the page itself preloads nothing.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<html lang="ko"');
    expect(html).toContain('<div id="root"><h1>Overview</h1></div>');
    // Painted for a visitor without a session: no live stream, no mark.
    expect(html).not.toContain('moa-live-mark');
  });

  it('carries a signed-in page’s live mark in its head, for the app’s stream to start from', () => {
    const html = fillShell(shell, page([]), 'en', 547);
    expect(html).toContain('<meta name="moa-live-mark" content="547" />\n</head>');
  });

  it('names only the first page’s modules for a page whose routes need nothing more', () => {
    expect(fillShell(shell, page([]), 'en')).toContain('data-modules="/assets/react-React1.js /assets/app-Shared1.js"');
  });
});
