import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Which files of the browser build each route's own code needs, by route id, imports first. */
export type RouteModules = Record<string, string[]>;

/** How the route plugin names the module it splits a route's parts into (`?tsr-split=loader---component`). */
const SPLIT_QUERY = /\?tsr-split=([\w-]+)$/;
/** The parts a route renders with; its pending, error and not-found parts load only when shown. */
const RENDERED_PARTS = new Set(['loader', 'component']);

/** The id a route file gives its route: `createFileRoute('/_kyc/projects/$productId')`. */
function routeIdOf(file: string): string | undefined {
  const source = readFileSync(file, 'utf8');
  if (/\bcreateRootRoute(WithContext)?\b/.test(source)) return '__root__';
  return /\bcreateFileRoute\(\s*['"]([^'"]+)['"]\s*\)/.exec(source)?.[1];
}

/**
 * Reads, from the browser build, the files each route's loader and component come in, with every
 * file those import (deepest first) except the first page's own. A page painted by the server names
 * them for its starter (public/start-after-paint.js), which fetches and runs them one per task before
 * the app's router asks for them; without the list the router would ask only once it runs, and
 * Vite's preload helper would add the links for all of them in one task.
 * `routeModules.map` is filled when the browser build has written its files.
 */
export function routeModules(): Plugin & { map: RouteModules } {
  const map: RouteModules = {};
  return {
    name: 'moa-route-modules',
    apply: 'build',
    map,
    generateBundle(_options, bundle) {
      const importsOf = (file: string): string[] => {
        const chunk = bundle[file];
        return chunk?.type === 'chunk' ? chunk.imports : [];
      };
      // The entry and what it imports: the first page loads them before any route.
      const firstPage = new Set<string>();
      const visitFirstPage = (file: string) => {
        if (firstPage.has(file)) return;
        firstPage.add(file);
        importsOf(file).forEach(visitFirstPage);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) visitFirstPage(chunk.fileName);
      }
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const split = SPLIT_QUERY.exec(chunk.facadeModuleId);
        if (!split?.[1]?.split('---').some((part) => RENDERED_PARTS.has(part))) continue;
        const routeId = routeIdOf(chunk.facadeModuleId.slice(0, split.index));
        if (!routeId) continue;
        const files: string[] = [];
        const visit = (file: string) => {
          if (files.includes(file) || firstPage.has(file)) return;
          for (const imported of importsOf(file)) visit(imported);
          files.push(file);
        };
        visit(chunk.fileName);
        const listed = new Set(map[routeId]);
        map[routeId] = [...listed, ...files.map((file) => `/${file}`).filter((file) => !listed.has(file))];
      }
    },
  };
}
