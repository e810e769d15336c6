import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/type-aware.ts', import.meta.url));

/** The line of the fixture carrying `// <rule>`, so the expectations follow the file. */
function markedLine(rule: string): number {
  const lines = readFileSync(fixture, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(`// ${rule}`));
  if (index < 0) throw new Error(`The fixture marks no line for ${rule}`);
  return index + 1;
}

describe('the lint config', () => {
  it('reports promise, switch and throw mistakes that need the types to see', async () => {
    // The fixture folder is ignored by `npm run lint`; here it is linted on purpose.
    const eslint = new ESLint({ cwd: root, ignore: false });
    const [result] = await eslint.lintFiles([fixture]);
    const found = (result?.messages ?? []).map((message) => ({ rule: message.ruleId, line: message.line }));
    for (const rule of [
      'no-floating-promises',
      'no-misused-promises',
      'await-thenable',
      'switch-exhaustiveness-check',
      'only-throw-error',
    ]) {
      expect(found).toContainEqual({ rule: `@typescript-eslint/${rule}`, line: markedLine(rule) });
    }
    // The router's redirect and notFound are the allowed exceptions to only-throw-error.
    const thrown = found.filter((message) => message.rule === '@typescript-eslint/only-throw-error');
    expect(thrown.map((message) => message.line)).toEqual([markedLine('only-throw-error')]);
    expect(result?.fatalErrorCount).toBe(0);
  }, 180_000);
});
