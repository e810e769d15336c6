/**
 * Which catalogue keys each route's screens use, read from the source: a file uses a key when
 * the key appears in it as a string literal, or when a template literal starts with a prefix of
 * it (`sale.${status}`). A route's screens are its file and everything that file imports,
 * statically or on demand, inside src/ (the catalogue itself, the route tree and the router
 * excepted). tests/i18n/areas.test.ts holds the rules.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');
const i18n = path.join(src, 'lib/i18n');

type Texts = Record<string, string>;

/** Each English area's keys, by area name (en/<area>.ts). */
export async function englishAreas(): Promise<Map<string, Set<string>>> {
  const areas = new Map<string, Set<string>>();
  for (const file of readdirSync(path.join(i18n, 'en'))) {
    const { texts } = (await import(path.join(i18n, 'en', file))) as { texts: Texts };
    areas.set(file.replace(/\.ts$/, ''), new Set(Object.keys(texts)));
  }
  return areas;
}

function walk(dir: string, files: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, files);
    else if (/\.tsx?$/.test(name)) files.push(full);
  }
  return files;
}

/** Every source file that could use a key (the catalogue and its definitions left out). */
export function sourceFiles(): string[] {
  return walk(src).filter(
    (file) =>
      !file.startsWith(i18n + path.sep) &&
      !/validation-messages(\.ko)?\.ts$/.test(file) &&
      !file.endsWith('routeTree.gen.ts'),
  );
}

const resolveImport = (from: string, spec: string): string | null => {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
};

interface FileFacts {
  imports: string[];
  keys: Set<string>;
  showsValidation: boolean;
}

export function createReader(allKeys: Set<string>) {
  const facts = new Map<string, FileFacts>();
  const read = (file: string): FileFacts => {
    const known = facts.get(file);
    if (known) return known;
    const text = readFileSync(file, 'utf8');
    const imports: string[] = [];
    // Type-only imports bring no code; `import('…')` does, later.
    for (const match of text.matchAll(/^(?!import type|export type)[^\n]*?(?:from|import)\s*\(?\s*'(\.[^']+)'/gm)) {
      const target = resolveImport(file, match[1]!);
      if (!target || target.startsWith(i18n + path.sep) || target.endsWith('routeTree.gen.ts')) continue;
      if (target === path.join(src, 'router.tsx')) continue;
      imports.push(target);
    }
    const keys = new Set<string>();
    const defines = /validation-messages(\.ko)?\.ts$/.test(file);
    for (const match of text.matchAll(/['"`]([a-zA-Z]\w*\.[\w.]+)['"`]/g)) {
      if (allKeys.has(match[1]!) && !defines) keys.add(match[1]!);
    }
    for (const match of text.matchAll(/`([a-zA-Z]\w*\.(?:\w+\.)*)\$\{/g)) {
      for (const key of allKeys) if (key.startsWith(match[1]!)) keys.add(key);
    }
    const found = { imports, keys, showsValidation: /\bvalidationText\(/.test(text) };
    facts.set(file, found);
    return found;
  };
  /** The keys a file and everything it imports use; `validation` when it shows refused input. */
  const closure = (file: string) => {
    const seen = new Set<string>();
    const stack = [file];
    const keys = new Set<string>();
    let showsValidation = false;
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const found = read(next);
      // The shared schemas carry validation keys for whichever screen shows what they refuse.
      const carriesSchemas = next.startsWith(path.join(src, 'domain') + path.sep);
      for (const key of found.keys) if (!carriesSchemas || !key.startsWith('validation.')) keys.add(key);
      showsValidation ||= found.showsValidation;
      stack.push(...found.imports);
    }
    return { keys, showsValidation };
  };
  return { read, closure };
}

export interface RouteFile {
  file: string;
  parent: string | null;
  /** The areas its `staticData.texts` asks for. */
  texts: string[];
}

/** The route files, each with its parent's file, from the generated route tree. */
export function routeFiles(): RouteFile[] {
  const tree = readFileSync(path.join(src, 'routeTree.gen.ts'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const match of tree.matchAll(/import \{ Route as (\w+) \} from '(\.\/routes\/[^']+)'/g)) {
    fileOf.set(match[1]!, resolveImport(path.join(src, 'routeTree.gen.ts'), match[2]!)!);
  }
  const parentOf = new Map<string, string>();
  for (const match of tree.matchAll(/const (\w+)Route =\s*(\w+)\.update\(\{[^}]*?getParentRoute: \(\) => (\w+),/g)) {
    const parent =
      match[3]! === 'rootRouteImport' ? 'rootRouteImport' : `${match[3]!.replace(/Route$/, '')}RouteImport`;
    parentOf.set(match[2]!, parent);
  }
  return [...fileOf].map(([name, file]) => {
    const text = readFileSync(file, 'utf8');
    const declared = /\btexts:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
    const parent = parentOf.get(name);
    return {
      file,
      parent: name === 'rootRouteImport' ? null : parent ? fileOf.get(parent)! : fileOf.get('rootRouteImport')!,
      texts: [...declared.matchAll(/'(\w+)'/g)].map((match) => match[1]!),
    };
  });
}
