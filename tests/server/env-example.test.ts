import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../server/config';

describe('.env.example', () => {
  const listed = new Set(
    readFileSync(new URL('../../.env.example', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.split('=')[0]),
  );

  it('lists every variable the server reads, and only those', () => {
    expect([...listed].sort()).toEqual(Object.keys(configSchema.shape).sort());
  });
});
