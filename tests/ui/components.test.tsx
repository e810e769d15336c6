// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenericError } from '../../src/routes/-components/generic-fallbacks';
import { Delayed } from '../../src/ui/delayed';
import type * as tooltipModule from '../../src/ui/tooltip';
import { InfoButton, Tooltip } from '../../src/ui/tooltip';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('Delayed', () => {
  it('renders its children only after 300 ms', () => {
    vi.useFakeTimers();
    act(() => root.render(<Delayed>late content</Delayed>));
    expect(container.textContent).toBe('');
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(container.textContent).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(container.textContent).toBe('late content');
  });

  it('never renders when unmounted before the delay', () => {
    vi.useFakeTimers();
    act(() => root.render(<Delayed>late content</Delayed>));
    act(() => root.render(<p>replaced</p>));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(container.textContent).toBe('replaced');
  });
});

describe('the generic error fallback', () => {
  it('says "Something went wrong!" and shows the error only behind a Show/Hide Error toggle', () => {
    act(() => root.render(<GenericError error={new Error('chart data missing')} />));
    expect(container.textContent).toContain('Something went wrong!');
    expect(container.textContent).not.toContain('chart data missing');
    const toggle = container.querySelector('button')!;
    expect(toggle.textContent).toBe('Show Error');
    act(() => toggle.click());
    expect(container.textContent).toContain('chart data missing');
    expect(toggle.textContent).toBe('Hide Error');
    act(() => toggle.click());
    expect(container.textContent).not.toContain('chart data missing');
  });
});

describe('Tooltip', () => {
  type TooltipModule = Pick<typeof tooltipModule, 'Tooltip' | 'InfoButton'>;
  const EXPLANATION = 'The least you can invest in one order';

  /** A term's (i) with its tooltip, from `tooltip` (a module of its own, or the shared one). */
  function renderInfo(tooltip: TooltipModule = { Tooltip, InfoButton }) {
    act(() =>
      root.render(
        <tooltip.Tooltip content={EXPLANATION}>
          <tooltip.InfoButton label="About Minimum investment" />
        </tooltip.Tooltip>,
      ),
    );
    return container.querySelector('button')!;
  }

  /** A tooltip module whose Radix code has not arrived yet: loaded again, on its own. */
  async function freshTooltip(): Promise<TooltipModule> {
    vi.resetModules();
    return import('../../src/ui/tooltip');
  }

  /** The tooltip's code arrives. */
  async function radixArrives() {
    // Radix measures the open tooltip; jsdom has no ResizeObserver of its own.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    await act(async () => {
      await import('../../src/ui/tooltip-radix');
      // One turn of the event loop, not a delay: the lazy component's own import settles in it.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the focus on its trigger when its code arrives and the tooltip takes the trigger’s place', async () => {
    // Before the tooltip's code is there, the trigger shows alone, and the keyboard reaches it.
    const plain = renderInfo();
    expect(plain.hasAttribute('data-state')).toBe(false);
    plain.focus();
    expect(document.activeElement).toBe(plain);

    await radixArrives();
    expect(container.querySelector('button[data-state]')).not.toBeNull();
    const withTooltip = container.querySelector('button')!;
    expect(withTooltip).not.toBe(plain);
    expect(document.activeElement).toBe(withTooltip);
  });

  it('keeps the focus the served trigger had through the hydration and until its code arrives', async () => {
    const tooltip = await freshTooltip();
    const term = (
      <tooltip.Tooltip content={EXPLANATION}>
        <tooltip.InfoButton label="About Minimum investment" />
      </tooltip.Tooltip>
    );
    // A page served painted: the keyboard reaches the (i) before the app has taken it.
    act(() => root.unmount());
    container.innerHTML = renderToString(term);
    const served = container.querySelector('button')!;
    served.focus();

    // The app takes the page, and the trigger waiting for the tooltip's code takes the served
    // one's place.
    act(() => {
      root = hydrateRoot(container, term);
    });
    const waiting = container.querySelector('button')!;
    expect(waiting).not.toBe(served);
    expect(document.activeElement).toBe(waiting);

    await radixArrives();
    expect(document.activeElement).toBe(container.querySelector('button[data-state]'));
  });

  it('opens when its trigger was tapped before its code arrived', async () => {
    const plain = renderInfo(await freshTooltip());
    expect(plain.hasAttribute('data-state')).toBe(false);
    act(() => plain.click());
    expect(document.querySelector('[role="tooltip"]')).toBeNull();

    await radixArrives();
    const withTooltip = container.querySelector('button[data-state]')!;
    expect(withTooltip).not.toBe(plain);
    expect(withTooltip.getAttribute('data-state')).toMatch(/open$/);
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe(EXPLANATION);
  });

  it('stays closed when its code arrives untouched', async () => {
    renderInfo(await freshTooltip());
    await radixArrives();
    expect(container.querySelector('button[data-state]')?.getAttribute('data-state')).toBe('closed');
    expect(document.querySelector('[role="tooltip"]')).toBeNull();
  });
});
