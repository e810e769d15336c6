import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findHardCodedText, scanSource } from './hard-coded-text';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Names and symbols shown the same in every language. Keep it short: anything else is a t() key. */
const ALLOWED = new Set(['Moa', '모아', 'SHA-256']);

describe('user-facing text on screens', () => {
  it('goes through t(): no text node or spoken attribute is written in a component', () => {
    const findings = findHardCodedText(root, ['src/routes', 'src/features', 'src/ui'], ALLOWED);
    expect(findings.map((found) => `${found.file}:${found.line} ${found.text}`)).toEqual([]);
  });

  it('is found where it hides: text nodes, labels, both branches of a condition, templates', () => {
    const source = `
      export const A = ({ on }: { on: boolean }) => (
        <div title="Hover text" aria-label={on ? t('a.b') : 'Closed'}>
          Hello there
          {on && 'Shown when on'}
          <Field label={\`Total for \${on}\`} placeholder="a.b.c" />
          {t('ok.key')} © 2026 — 42 <code>SHA-256</code>
        </div>
      );`;
    const found = scanSource('x.tsx', source, ALLOWED).map((finding) => finding.text);
    expect(found).toEqual(['Hover text', 'Closed', 'Hello there', 'Shown when on', 'Total for']);
  });
});
