/**
 * The app's icons (Lucide, written as `i-lucide-<name>` classes) drawn from one SVG sprite.
 *
 * A page's icons are CSS masks. Drawn from a data URL each, as the icons preset writes them,
 * every icon on a page is an SVG image of its own, and the browser sets up a document for each
 * on its main thread while it works out the page's style (about 5 to 10 ms each on a desktop,
 * four times that on a phone; a page shows eight to twenty). Drawn from one sprite, the page sets
 * up one document, whatever its icons. The sprite holds every icon the app's code names, side by
 * side in cells with a gap (so no neighbour shows at the edge of a rounded position), and each
 * icon's class sets the mask's size and position on its cell.
 * docs/decisions/1839-first-renders-without-intl-or-svg-pictures.md.
 *
 * The icons come from the code as it is when the build (or the dev server) starts; a class for
 * an icon the sprite does not hold still works, as a data URL of its own, until the next start.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

const require = createRequire(import.meta.url);
const lucide = require('@iconify-json/lucide/icons.json') as IconSet;

/** The icon's box in the set's units, and the gap left between cells of the sprite. */
const SIZE = 24;
const GAP = 8;
const CELL = SIZE + GAP;
/** Icons are set 1.15 times the text's size, in line with it (as the icons preset set them). */
const SCALE = 1.15;
const ICON_CLASS = /\bi-lucide-([a-z0-9]+(?:-[a-z0-9]+)*)/g;

function body(name: string): string | undefined {
  const own = lucide.icons[name];
  if (own) return own.body;
  const alias = lucide.aliases?.[name];
  return alias ? body(alias.parent) : undefined;
}

/** Every Lucide icon named in the app's code (src/ and index.html), in a fixed order. */
export function iconsNamedIn(root: string): string[] {
  const names = new Set<string>();
  const files = [
    path.join(root, 'index.html'),
    ...readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(tsx?|html|css)$/.test(file))
      .map((file) => path.join(root, 'src', file)),
  ];
  for (const file of files) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(ICON_CLASS)) if (body(name!)) names.add(name!);
  }
  return [...names].sort();
}

export interface IconSprite {
  /** Where the sprite is served: under /assets/, named by its content, so it is kept for good. */
  url: string;
  svg: string;
  /** The CSS of an icon's class, or undefined for a name Lucide does not have. */
  css: (name: string) => Record<string, string> | undefined;
}

export function iconSprite(names: string[]): IconSprite {
  const cells = names.map((name, index) => `<g transform="translate(${index * CELL} 0)">${body(name)!}</g>`);
  const width = Math.max(names.length * CELL - GAP, SIZE);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${SIZE}" width="${width}" height="${SIZE}">${cells.join('')}</svg>`;
  const hash = createHash('sha256').update(svg).digest('base64url').slice(0, 10);
  const url = `/assets/icons-${hash}.svg`;
  const index = new Map(names.map((name, at) => [name, at]));
  const shape = {
    display: 'inline-block',
    'vertical-align': 'middle',
    width: `${SCALE}em`,
    height: `${SCALE}em`,
    'background-color': 'currentColor',
    '-webkit-mask-repeat': 'no-repeat',
    'mask-repeat': 'no-repeat',
  };
  const round = (value: number) => String(Number(value.toFixed(4)));
  return {
    url,
    svg,
    css(name) {
      const at = index.get(name);
      if (at === undefined) {
        // Not in the sprite (named since the build started): a picture of its own, as before.
        const own = body(name);
        if (!own) return undefined;
        const image = `url("data:image/svg+xml;utf8,${encodeURIComponent(
          `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}">${own}</svg>`,
        )}")`;
        const whole = { '-webkit-mask-image': image, 'mask-image': image, '-webkit-mask-size': '100% 100%' };
        return { ...shape, ...whole, 'mask-size': '100% 100%' };
      }
      // The mask is the whole sprite, sized so one cell fills the icon's box, moved to its cell:
      // a percentage position p puts the image's p point on the box's, so the cell's left edge
      // (at * CELL of the sprite's width - SIZE of travel) lands on the box's left edge.
      const size = `${round((width / SIZE) * 100)}% 100%`;
      const position = `${width === SIZE ? '0' : round(((at * CELL) / (width - SIZE)) * 100)}% 0`;
      return {
        ...shape,
        '-webkit-mask-image': `url(${url})`,
        'mask-image': `url(${url})`,
        '-webkit-mask-size': size,
        'mask-size': size,
        '-webkit-mask-position': position,
        'mask-position': position,
      };
    },
  };
}

/** The app's sprite, worked out once per process from the code as it is now. */
let appSprite: IconSprite | undefined;
export function appIconSprite(): IconSprite {
  appSprite ??= iconSprite(iconsNamedIn(path.resolve(import.meta.dirname, '..')));
  return appSprite;
}

/** Serves the sprite in development and writes it into the build, at its URL. */
export function iconSpritePlugin(sprite: IconSprite): Plugin {
  return {
    name: 'moa-icon-sprite',
    configureServer(server) {
      server.middlewares.use(sprite.url, (_request, response) => {
        response.setHeader('Content-Type', 'image/svg+xml');
        response.end(sprite.svg);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: sprite.url.slice(1), source: sprite.svg });
    },
  };
}
