/// <reference types="vite/client" />

declare const __BUILD_ID__: string;
/** The page renderer's build only: the browser build's files each route needs (scripts/route-modules.ts). */
declare const __ROUTE_MODULES__: Record<string, string[]>;

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
}
