import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReader, englishAreas, root, routeFiles, sourceFiles, type RouteFile } from './text-areas';

/**
 * The catalogue comes in areas, and a page loads only the areas its route asks for
 * (`staticData.texts`, src/router.tsx). These rules make sure no screen ever shows a key instead
 * of its text: each route asks for every area its screens use, the frame uses the shell only,
 * and every key is used somewhere.
 */
let areas: Map<string, Set<string>>;
let areaOf: Map<string, string>;
let reader: ReturnType<typeof createReader>;

beforeAll(async () => {
  areas = await englishAreas();
  areaOf = new Map([...areas].flatMap(([area, keys]) => [...keys].map((key) => [key, area] as const)));
  reader = createReader(new Set(areaOf.keys()));
});

const relative = (file: string) => path.relative(root, file);

/** The areas a file's screens use beyond the shell. */
function areasUsed(file: string): Set<string> {
  const { keys, showsValidation } = reader.closure(file);
  const used = new Set([...keys].map((key) => areaOf.get(key)!).filter((area) => area !== 'shell'));
  if (showsValidation) used.add('validation');
  return used;
}

describe('the catalogue areas', () => {
  it('are every file of the catalogue, and the types list each of them', () => {
    const keysFile = readFileSync(path.join(root, 'src/lib/i18n/keys.ts'), 'utf8');
    for (const area of areas.keys()) {
      expect(keysFile, area).toContain(`from './en/${area}'`);
    }
    expect(areas.has('shell')).toBe(true);
  });

  it('hold no key that no screen uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles()) for (const key of reader.read(file).keys) used.add(key);
    const validation = areas.get('validation') ?? new Set();
    const unused = [...areaOf.keys()].filter((key) => !used.has(key) && !validation.has(key));
    expect(unused).toEqual([]);
  });

  it('are asked for by every route whose screens use them', () => {
    const routes = routeFiles();
    expect(routes.length).toBeGreaterThan(40);
    const byFile = new Map(routes.map((route) => [route.file, route]));
    const asked = (route: RouteFile): Set<string> => {
      const all = new Set(route.texts);
      for (let parent = route.parent; parent; parent = byFile.get(parent)?.parent ?? null) {
        for (const area of byFile.get(parent)?.texts ?? []) all.add(area);
      }
      return all;
    };
    const missing: string[] = [];
    for (const route of routes) {
      const have = asked(route);
      for (const area of route.texts) expect(areas.has(area), `${relative(route.file)}: ${area}`).toBe(true);
      for (const area of areasUsed(route.file)) {
        if (!have.has(area)) missing.push(`${relative(route.file)} needs '${area}'`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('ask for nothing a route and its children do not use', () => {
    const routes = routeFiles();
    const unneeded: string[] = [];
    for (const route of routes) {
      const family = routes.filter((other) => {
        for (let at: string | null = other.file; at; at = routes.find((r) => r.file === at)?.parent ?? null) {
          if (at === route.file) return true;
        }
        return false;
      });
      const used = new Set(family.flatMap((member) => [...areasUsed(member.file)]));
      for (const area of route.texts) if (!used.has(area)) unneeded.push(`${relative(route.file)}: '${area}'`);
    }
    expect(unneeded).toEqual([]);
  });

  it('leave the frame every page shares (the app, the router, the root layout) to the shell', () => {
    for (const file of ['src/main.tsx', 'src/router.tsx', 'src/routes/__root.tsx']) {
      expect([...areasUsed(path.join(root, file))], file).toEqual([]);
    }
  });

  it('find a key in a template literal by its prefix', () => {
    // The reader itself: `sale.${status}` uses every sale.* key.
    const used = [...reader.read(path.join(root, 'src/routes/projects/index.tsx')).keys];
    expect(used.filter((key) => key.startsWith('sale.')).length).toBeGreaterThan(1);
  });
});
