import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatPlainAmount,
  minorUnitDigits,
  toMajorUnits,
  toMajorUnitsNumeral,
  toMinorUnits,
} from '../../src/domain/money';

describe('the plain-amount formatter', () => {
  it('writes every minor digit the currency has, and no more', () => {
    expect(toMajorUnitsNumeral(2550, 'USD')).toBe('25.50');
    expect(toMajorUnitsNumeral(2500, 'USD')).toBe('25.00');
    expect(toMajorUnitsNumeral(-5, 'USD')).toBe('-0.05');
    expect(toMajorUnitsNumeral(2550, 'KRW')).toBe('2550');
    expect(toMajorUnitsNumeral(2550, 'JPY')).toBe('2550');
    expect(toMajorUnitsNumeral(2550, 'BHD')).toBe('2.550');
    expect(formatPlainAmount(250_000, 'KRW')).toBe('250000 KRW');
    expect(formatPlainAmount(250_000, 'USD')).toBe('2500.00 USD');
  });

  it('converts to major units and back by the currency digits', () => {
    expect(minorUnitDigits('KRW')).toBe(0);
    for (const currency of ['USD', 'KRW', 'BHD']) {
      for (const minor of [0, 1, 2550, 123_456_789]) {
        expect(toMinorUnits(toMajorUnits(minor, currency), currency)).toBe(minor);
      }
    }
    expect(toMajorUnits(2550, 'KRW')).toBe(2550);
  });
});

/**
 * Money is integer minor units and the divisor is the currency's, never 100. This scan fails on
 * `/ 100`, `* 100` and `.toFixed(2)` in product code. The allow-list is for lines where 100 is
 * not about money, each with why.
 */
const roots = ['src', 'server', 'scripts', 'sw'];
const allowed: Array<{ file: string; line: RegExp; why: string }> = [
  {
    file: 'src/domain/sale.ts',
    line: /\(raised \/ targetCap\) \* 100 \* 100\) \/ 100/,
    why: 'a percentage with two decimals',
  },
  {
    file: 'src/features/governance/components/voting-card.tsx',
    line: /\(row\.weight \* 100\) \/ max/,
    why: 'a bar width in percent',
  },
  { file: 'src/domain/governance.ts', line: /\* 100n >= BigInt\(input\.\w+Percent\)/, why: 'vote shares in percent' },
  { file: 'scripts/check-size.ts', line: /\/ 100\) \* 100 \+ \d+/, why: 'a byte budget rounded up to hundreds' },
  {
    file: 'scripts/icon-sprite.ts',
    line: /const (size|position) = .*\) \* 100\)/,
    why: "an icon's mask size and position on the sprite, in CSS percent",
  },
];
const suspect = /[/*]\s*100(?![\d_.])|\.toFixed\(2\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });
}

describe('money arithmetic in the source', () => {
  const hits = roots.flatMap((root) =>
    sourceFiles(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ file: file.split(path.sep).join('/'), line, at: index + 1 }))
        .filter(({ line }) => suspect.test(line) && !/^\s*(\/\/|\*)/.test(line)),
    ),
  );

  it('divides or multiplies by 100 only where the allow-list says why', () => {
    const unexplained = hits.filter(
      (hit) => !allowed.some((entry) => entry.file === hit.file && entry.line.test(hit.line)),
    );
    expect(unexplained.map((hit) => `${hit.file}:${hit.at}: ${hit.line.trim()}`)).toEqual([]);
  });

  it('keeps no allow-list entry that matches nothing any more', () => {
    const stale = allowed.filter((entry) => !hits.some((hit) => hit.file === entry.file && entry.line.test(hit.line)));
    expect(stale.map((entry) => entry.file)).toEqual([]);
  });
});
