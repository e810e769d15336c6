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

  it('reads .ts files: spoken properties, and t() read when the module loads', () => {
    const source = `
      const steps = [{ label: 'Choose a project', hint: t('a.b') }];
      const fixed = t('invest.source.salary');
      const options = sources.map((value) => ({ value, label: t(keys[value]) }));
      export const later = () => t('invest.source.salary');
      export function render() { return { title: t('x.y'), message: on ? 'Saved' : t('x.z') }; }`;
    const found = scanSource('x.ts', source, ALLOWED).map((finding) => finding.text);
    expect(found).toEqual([
      'Choose a project',
      "t() when the module loads: t('a.b')",
      "t() when the module loads: t('invest.source.salary')",
      't() when the module loads: t(keys[value])',
      'Saved',
    ]);
  });
});
