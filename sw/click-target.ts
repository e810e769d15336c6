/**
 * Where a notification click goes, decided without touching the browser so it can be tested:
 * a Moa window already showing the link is focused; otherwise the most recently focused Moa
 * window is focused and sent to the link; with no Moa window open, a new one opens there.
 */
export interface WindowSummary {
  url: string;
  focused: boolean;
  visibilityState: 'visible' | 'hidden' | 'prerender' | string;
}

export type ClickAction =
  { kind: 'focus'; index: number } | { kind: 'navigate'; index: number; url: string } | { kind: 'open'; url: string };

/** The link as an absolute URL on our origin; anything pointing elsewhere becomes the inbox. */
export function resolveLink(link: unknown, origin: string): string {
  const fallback = new URL('/account/notifications', origin).href;
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return fallback;
  const url = new URL(link, origin);
  return url.origin === origin ? url.href : fallback;
}

export function chooseClickAction(windows: readonly WindowSummary[], link: unknown, origin: string): ClickAction {
  const target = resolveLink(link, origin);
  const ours = windows
    .map((window, index) => ({ window, index }))
    .filter(({ window }) => new URL(window.url).origin === origin);
  const exact = ours.find(({ window }) => window.url === target);
  if (exact) return { kind: 'focus', index: exact.index };
  // clients.matchAll lists windows most recently focused first; a visible one is preferred.
  const best =
    ours.find(({ window }) => window.focused) ??
    ours.find(({ window }) => window.visibilityState === 'visible') ??
    ours[0];
  if (best) return { kind: 'navigate', index: best.index, url: target };
  return { kind: 'open', url: target };
}

/** The part of a window client a click needs (WindowClient in the worker). */
export interface ClickWindow extends WindowSummary {
  focus: () => Promise<ClickWindow>;
  navigate: (url: string) => Promise<unknown>;
}

/** The part of the worker's `clients` a click needs. */
export interface ClickClients {
  windows: () => Promise<readonly ClickWindow[]>;
  openWindow: (url: string) => Promise<unknown>;
}

/** Carries out a notification click: focuses a Moa window (sending it to the link) or opens one. */
export async function openFromNotification(clients: ClickClients, link: unknown, origin: string): Promise<void> {
  const windows = await clients.windows();
  const action = chooseClickAction(windows, link, origin);
  if (action.kind === 'open') {
    await clients.openWindow(action.url);
    return;
  }
  const focused = await windows[action.index]!.focus();
  if (action.kind === 'navigate') await focused.navigate(action.url);
}
