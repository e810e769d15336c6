// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  InvestFlowProvider,
  OUTSIDE_PROVIDER_MESSAGE,
  useInvestFlow,
  type InvestFlow,
} from '../../../src/features/invest/invest-flow';

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
  vi.restoreAllMocks();
});

let seen: InvestFlow | null = null;
function Probe() {
  seen = useInvestFlow();
  return null;
}

describe('the invest-flow state', () => {
  it('starts with the spec values: empty productId, isCanWitch false, no tokens, empty method', () => {
    act(() =>
      root.render(
        <InvestFlowProvider>
          <Probe />
        </InvestFlowProvider>,
      ),
    );
    expect(seen).toMatchObject({ productId: '', isCanWitch: false, selectedTokens: undefined, selectedMethod: '' });
  });

  it('keeps what a step chooses and starts over on reset', () => {
    act(() =>
      root.render(
        <InvestFlowProvider initial={{ productId: '7' }}>
          <Probe />
        </InvestFlowProvider>,
      ),
    );
    act(() => seen!.update({ selectedTokens: 4, selectedMethod: '12', isCanWitch: true }));
    expect(seen).toMatchObject({ productId: '7', selectedTokens: 4, selectedMethod: '12', isCanWitch: true });
    act(() => seen!.reset({ productId: '7' }));
    expect(seen).toMatchObject({ productId: '7', selectedTokens: undefined, selectedMethod: '', isCanWitch: false });
  });

  it('throws a clear error when its hook is used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let thrown: unknown;
    try {
      act(() => root.render(<Probe />));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe(OUTSIDE_PROVIDER_MESSAGE);
  });
});
