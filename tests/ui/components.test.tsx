// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenericError } from '../../src/routes/-components/generic-fallbacks';
import { Delayed } from '../../src/ui/delayed';
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
  it('keeps the focus on its trigger when its code arrives and the tooltip takes the trigger’s place', async () => {
    act(() =>
      root.render(
        <Tooltip content="The least you can invest in one order">
          <InfoButton label="About Minimum investment" />
        </Tooltip>,
      ),
    );
    // Before the tooltip's code is there, the trigger shows alone, and the keyboard reaches it.
    const plain = container.querySelector('button')!;
    expect(plain.hasAttribute('data-state')).toBe(false);
    plain.focus();
    expect(document.activeElement).toBe(plain);

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
    expect(container.querySelector('button[data-state]')).not.toBeNull();
    const withTooltip = container.querySelector('button')!;
    expect(withTooltip).not.toBe(plain);
    expect(document.activeElement).toBe(withTooltip);
    vi.unstubAllGlobals();
  });

  it('opens when its trigger was tapped before its code arrived', async () => {
    // Modules of its own: the tooltip's code has not arrived yet in them.
    vi.resetModules();
    const fresh = await import('../../src/ui/tooltip');
    act(() =>
      root.render(
        <fresh.Tooltip content="The least you can invest in one order">
          <fresh.InfoButton label="About Minimum investment" />
        </fresh.Tooltip>,
      ),
    );
    const plain = container.querySelector('button')!;
    expect(plain.hasAttribute('data-state')).toBe(false);
    act(() => plain.click());
    expect(document.querySelector('[role="tooltip"]')).toBeNull();

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
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const withTooltip = container.querySelector('button[data-state]')!;
    expect(withTooltip).not.toBe(plain);
    expect(withTooltip.getAttribute('data-state')).toMatch(/open$/);
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe('The least you can invest in one order');
    vi.unstubAllGlobals();
  });

  it('stays closed when its code arrives untouched', async () => {
    vi.resetModules();
    const fresh = await import('../../src/ui/tooltip');
    act(() =>
      root.render(
        <fresh.Tooltip content="The least you can invest in one order">
          <fresh.InfoButton label="About Minimum investment" />
        </fresh.Tooltip>,
      ),
    );
    await act(async () => {
      await import('../../src/ui/tooltip-radix');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container.querySelector('button[data-state]')?.getAttribute('data-state')).toBe('closed');
    expect(document.querySelector('[role="tooltip"]')).toBeNull();
  });
});
