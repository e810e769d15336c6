import { describe, expect, it } from 'vitest';
import {
  chooseClickAction,
  openFromNotification,
  resolveLink,
  type ClickClients,
  type ClickWindow,
  type WindowSummary,
} from '../../sw/click-target';

const origin = 'https://moa.example';
const win = (url: string, focused = false, visibilityState = 'hidden'): WindowSummary => ({
  url,
  focused,
  visibilityState,
});

describe('where a notification click goes', () => {
  it('opens a new window at the link when no Moa window is open', () => {
    expect(chooseClickAction([], '/governance/proposal/3', origin)).toEqual({
      kind: 'open',
      url: 'https://moa.example/governance/proposal/3',
    });
    // Windows of other sites do not count.
    expect(
      chooseClickAction([win('https://other.example/governance/proposal/3', true)], '/projects/1', origin),
    ).toEqual({
      kind: 'open',
      url: 'https://moa.example/projects/1',
    });
  });

  it('focuses the window already showing the link', () => {
    const windows = [win(`${origin}/projects`, true), win(`${origin}/projects/5`)];
    expect(chooseClickAction(windows, '/projects/5', origin)).toEqual({ kind: 'focus', index: 1 });
  });

  it('sends the focused, else a visible, else the first Moa window to the link', () => {
    expect(chooseClickAction([win(`${origin}/a`), win(`${origin}/b`, true)], '/account/documents', origin)).toEqual({
      kind: 'navigate',
      index: 1,
      url: `${origin}/account/documents`,
    });
    expect(chooseClickAction([win(`${origin}/a`), win(`${origin}/b`, false, 'visible')], '/x', origin)).toEqual({
      kind: 'navigate',
      index: 1,
      url: `${origin}/x`,
    });
    expect(chooseClickAction([win('https://else.example/'), win(`${origin}/a`)], '/x', origin)).toEqual({
      kind: 'navigate',
      index: 1,
      url: `${origin}/x`,
    });
  });

  it('never leaves the origin: a foreign or missing link opens the inbox', () => {
    for (const link of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', undefined, 42]) {
      expect(resolveLink(link, origin)).toBe(`${origin}/account/notifications`);
    }
    expect(resolveLink('/projects/2?tab=faq', origin)).toBe(`${origin}/projects/2?tab=faq`);
  });
});

/** Browser windows and the worker's clients as the click sees them, recording what it did. */
function browser(urls: Array<{ url: string; focused?: boolean }>) {
  const calls: string[] = [];
  const windows: ClickWindow[] = urls.map((item, index) => {
    const window: ClickWindow = {
      url: item.url,
      focused: item.focused ?? false,
      visibilityState: 'hidden',
      focus: async () => {
        calls.push(`focus ${index}`);
        return window;
      },
      navigate: async (url) => {
        calls.push(`navigate ${index} ${url}`);
        return window;
      },
    };
    return window;
  });
  const clients: ClickClients = {
    windows: async () => windows,
    openWindow: async (url) => {
      calls.push(`open ${url}`);
      return null;
    },
  };
  return { clients, calls };
}

describe('the click handler', () => {
  it('focuses the Moa window already showing the link, and moves nothing', async () => {
    const { clients, calls } = browser([{ url: `${origin}/projects`, focused: true }, { url: `${origin}/projects/5` }]);
    await openFromNotification(clients, '/projects/5', origin);
    expect(calls).toEqual(['focus 1']);
  });

  it('focuses an open Moa window and sends it to the link', async () => {
    const { clients, calls } = browser([{ url: 'https://else.example/' }, { url: `${origin}/account/overview` }]);
    await openFromNotification(clients, '/governance/agenda/4', origin);
    expect(calls).toEqual(['focus 1', `navigate 1 ${origin}/governance/agenda/4`]);
  });

  it('opens a window at the link when no Moa window is open, and the inbox for a foreign link', async () => {
    const { clients, calls } = browser([{ url: 'https://else.example/', focused: true }]);
    await openFromNotification(clients, '/account/documents', origin);
    await openFromNotification(clients, 'https://evil.example/', origin);
    expect(calls).toEqual([`open ${origin}/account/documents`, `open ${origin}/account/notifications`]);
  });
});
