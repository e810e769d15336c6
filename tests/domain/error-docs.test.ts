import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes } from '../../src/domain/error-codes';

describe('docs/errors.md', () => {
  const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  const rows = new Map(
    [...doc.matchAll(/^\| ([A-Z_]+) +\| (\d{3}) +\| (.+?) +\|$/gm)].map((match) => [
      match[1],
      { status: Number(match[2]), when: match[3] },
    ]),
  );

  it('lists every code of the catalogue with its status and when it is thrown', () => {
    for (const code of errorCodes) {
      expect(rows.get(code), code).toEqual({ status: errorCatalogue[code].status, when: errorCatalogue[code].when });
    }
  });

  it('lists no code the catalogue does not have', () => {
    expect([...rows.keys()].sort()).toEqual([...errorCodes].sort());
  });
});
