import { describe, expect, it } from 'vitest';
import { chooseClickAction, resolveLink, type WindowSummary } from '../../sw/click-target';

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
