import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import tseslint from 'typescript-eslint';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundary in eslint.config.js, run through ESLint's own API on small sources placed
 * (in memory) inside real module folders, so the imports resolve against the real files.
 */

const root = resolve(import.meta.dirname, '../..');
const RULE = 'import-x/no-restricted-paths';
let eslint: ESLint;

beforeAll(() => {
  // Only the boundary is under test: the cycle rule would walk the whole import graph, and the
  // type-aware rules need a file on disk that a tsconfig includes, which a probe is not.
  eslint = new ESLint({
    cwd: root,
    overrideConfig: [tseslint.configs.disableTypeChecked, { rules: { 'import-x/no-cycle': 'off' } }],
  });
});

/** The boundary errors for `code` as if it were the file at `path`, one imported path per error. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages
    .filter((message) => message.ruleId === RULE)
    .map((message) => /Unexpected path "([^"]+)"/.exec(message.message)?.[1] ?? message.message);
}

describe('server module boundary', { timeout: 60_000 }, () => {
  it("refuses another module's repository", async () => {
    const errors = await boundaryErrors(
      'server/modules/market/boundary-probe.ts',
      "import { ledgerBalance } from '../holdings/repository';\nexport const probe = ledgerBalance;\n",
    );
    expect(errors).toEqual(['../holdings/repository']);
  });

  it("refuses another module's files that are not its service, whatever their name", async () => {
    const errors = await boundaryErrors(
      'server/modules/governance/boundary-probe.ts',
      [
        "import { onOrderSettled } from '../orders/events';",
        "import { votingPowerOf } from './voting-power';",
        "import type { LiveHub } from '../live/hub';",
        'export const probe: [unknown, unknown, LiveHub?] = [onOrderSettled, votingPowerOf];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual(['../orders/events', '../live/hub']);
  });

  it("allows another module's service, the named shared files and the module's own files", async () => {
    const errors = await boundaryErrors(
      'server/modules/notifications/boundary-probe.ts',
      [
        "import { credit } from '../holdings/service';",
        "import { appendAuditEvent } from '../audit/repository';",
        "import { votingPowerOf } from '../governance/voting-power';",
        "import { findAudienceBatch } from './repository';",
        'export const probe = [credit, appendAuditEvent, votingPowerOf, findAudienceBatch];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('keeps the seed off module repositories', async () => {
    const errors = await boundaryErrors(
      'server/db/seed/boundary-probe.ts',
      [
        "import { appendHoldingEntry } from '../../modules/holdings/repository';",
        "import { credit } from '../../modules/holdings/service';",
        'export const probe = [appendHoldingEntry, credit];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual(['../../modules/holdings/repository']);
  });

  it('names only files that exist, so a moved file drops out of the allow-list loudly', async () => {
    const config = await eslint.calculateConfigForFile(resolve(root, 'server/modules/market/service.ts'));
    const [, options] = config.rules[RULE] as [unknown, { zones: Array<{ target: string; except?: string[] }> }];
    const zone = options.zones.find((candidate) => candidate.target === './server/modules/market');
    const allowed = zone!.except!.filter((path) => path !== './market');
    expect(allowed).toContain('./holdings/service.ts');
    const missing = allowed
      .filter((path) => !path.endsWith('/service.ts'))
      .filter((path) => !existsSync(resolve(root, 'server/modules', path)));
    expect(missing).toEqual([]);
  });
});
