import path from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import UnoCSS from 'unocss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_DESCRIPTION, APP_NAME, APP_TITLE } from './src/domain/constants';
import { brand } from './src/domain/brand';
import { precompress } from './scripts/precompress-plugin';
import { checkFirstPage } from './scripts/check-size';
import { appIconSprite, iconSpritePlugin } from './scripts/icon-sprite';
import { routeModules, type RouteModules } from './scripts/route-modules';

/**
 * The page's text is Latin: its face (a few dozen kilobytes) is asked for with the HTML, not
 * after the stylesheet has been read, so it is usually there by the first paint.
 */
function preloadLatinFont(): Plugin {
  return {
    name: 'moa-preload-latin-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((name) =>
          /noto-sans-kr-latin-wght-normal-[\w-]+\.woff2$/.test(name),
        );
        if (!font) throw new Error('The Latin face of Noto Sans KR is missing from the build');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * Every `import { toast } from 'sonner'` in the app gets src/lib/toast.ts, which loads sonner
 * with the first toast; only the toaster itself (src/ui/toaster.tsx) and that module reach the
 * library. Call sites keep sonner's own import and types.
 */
function lazySonner(): Plugin {
  const own = ['src/ui/toaster.tsx', 'src/lib/toast.ts'].map((file) => path.resolve(import.meta.dirname, file));
  const shim = path.resolve(import.meta.dirname, 'src/lib/toast.ts');
  return {
    name: 'moa-lazy-sonner',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'sonner' || !importer) return null;
      return own.includes(importer.split('?')[0]!) ? null : shim;
    },
  };
}

/** The build fails when the first page's JavaScript or CSS outgrows its budget (scripts/check-size.ts). */
function firstPageBudget(): Plugin {
  let outDir = 'dist';
  return {
    name: 'moa-first-page-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const { ok, lines } = checkFirstPage(outDir);
        if (!ok) throw new Error(lines.join('\n'));
        this.info(lines[0]!);
      },
    },
  };
}

/**
 * After the browser build, the same app is built for Node (src/prerender.tsx): the server renders
 * pages' first paint with it (server/modules/site/page-renderer.ts), and names the browser build's
 * files each painted route needs (`routes`, scripts/route-modules.ts).
 */
function pageRendererBuild(routes: RouteModules): Plugin {
  return {
    name: 'moa-page-renderer',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await build({
          configFile: path.resolve(import.meta.dirname, 'vite.config.ts'),
          logLevel: 'warn',
          define: { __ROUTE_MODULES__: JSON.stringify(routes) },
          build: {
            ssr: 'src/prerender.tsx',
            outDir: path.resolve(import.meta.dirname, 'build/prerender'),
            emptyOutDir: true,
          },
        });
      },
    },
  };
}

// A build id ties the persisted query cache to one release (its "buster").
const buildId = process.env.BUILD_ID ?? new Date().toISOString();
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ isSsrBuild }) => ({
  // The server's page renderer (src/prerender.tsx) is built as a Node module with
  // `vite build --ssr`: the same app code, without the browser build's files and checks.
  publicDir: isSsrBuild ? false : 'public',
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
    // The page renderer's build is given the browser build's (pageRendererBuild).
    __ROUTE_MODULES__: '{}',
  },
  resolve: {
    // Every `import ... from 'zod'` in the client gets the CSP-friendly copy (see the file).
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-client.ts') }],
  },
  plugins: [
    lazySonner(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Every route's loader and component go to one chunk of their own: what a page loads (its
      // queries, their schemas, the long texts' pages their text) comes with that page, never
      // with the app's first page. One chunk, not two, per page: the first page's preload lists
      // name half as many files (0.5 KB less of it) and a page is one request, not two.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
      quoteStyle: 'single',
    }),
    react(),
    // Also for the page renderer: it expands the class names' variant groups the same way.
    UnoCSS(),
    ...(isSsrBuild ? [] : browserBuild()),
  ],
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    sourcemap: true,
    // Every browser the app supports preloads modules itself (Safari since 17); an older one
    // still loads each module, only without the head start, so the first page carries no
    // polyfill for it.
    modulePreload: {
      polyfill: false,
      // The first page's own files are loaded before anything else runs: a later import need not
      // list them among what to preload (every route's import would name them again).
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !isFirstPageFile(dep)) : deps,
    },
    rolldownOptions: {
      // Compressing the build ahead of time (precompress) is deliberate work, not a slow plugin.
      checks: { bundlerTimings: false },
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: { groups: firstPageChunks },
            // The first page names every later chunk in its preload lists, and a hash's letters are
            // what compresses worst there: seven (the fewest the bundler allows for this many chunks,
            // some 4 * 10^12 names) instead of eight keep about 0.2 KB off the first page.
            chunkFileNames: 'assets/[name]-[hash:7].js',
          },
    },
  },
}));

const isFirstPageFile = (file: string) => /(^|\/)(react|tanstack|rolldown-runtime)-[\w-]+\.js$/.test(file);

/**
 * What the first page loads (every module the entry imports statically) goes into a few files by
 * kind, not the thirty-odd small ones shared chunks would make: each file costs the phone a
 * request and a module to set up, and the starter of a served page runs them one per task.
 */
const firstPageChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial' as const] },
  { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, tags: ['$initial' as const] },
  { name: 'app', tags: ['$initial' as const] },
];

/** The plugins of the browser build: the service worker and manifest, compression and the budget. */
function browserBuild() {
  const routes = routeModules();
  return [
    routes,
    iconSpritePlugin(appIconSprite()),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // Every route chunk and the shell; fonts are cached as they are used (one script
        // subset at a time), never all of Hangul up front.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'assets/*latin*.woff2'],
        globIgnores: ['screenshots/**', 'demo/**', '**/*.br', '**/*.gz'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: APP_TITLE,
        short_name: APP_NAME,
        description: APP_DESCRIPTION,
        lang: 'en',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: brand.themeColor,
        background_color: brand.backgroundColor,
        categories: ['finance', 'business', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/home-narrow.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Moa home on a phone',
          },
          {
            src: '/screenshots/home-wide.png',
            sizes: '1440x900',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Moa home on a desktop',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    preloadLatinFont(),
    precompress(),
    firstPageBudget(),
    pageRendererBuild(routes.map),
  ];
}
