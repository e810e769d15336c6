import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPagePath, pagePaths } from '../../src/domain/page-paths';

describe("the server's list of pages", () => {
  it('is the client route tree, so a new page is never answered 404', () => {
    const tree = readFileSync('src/routeTree.gen.ts', 'utf8');
    const block = tree.slice(tree.indexOf('  fullPaths:'), tree.indexOf('  fileRoutesByTo:'));
    const fullPaths = [...block.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect([...pagePaths].sort()).toEqual(fullPaths.sort());
  });

  it('matches one segment per parameter, with or without the trailing slash', () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/projects')).toBe(true);
    expect(isPagePath('/projects/12')).toBe(true);
    expect(isPagePath('/governance/community/12/7')).toBe(true);
    expect(isPagePath('/projects/12/more')).toBe(false);
    expect(isPagePath('/projectsx')).toBe(false);
    expect(isPagePath('/no/such/page')).toBe(false);
    // A splat route takes any rest: the operator console's screens.
    expect(isPagePath('/operator')).toBe(true);
    expect(isPagePath('/operator/reviews/3f2a')).toBe(true);
    expect(isPagePath('/operatorx')).toBe(false);
  });
});
