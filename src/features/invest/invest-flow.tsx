import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The invest-flow state the spec names (section 3), with its initial values: what the investor
 * has chosen so far, before an order exists. Once the server answers with an order, the order is
 * the truth and this state is only what led to it.
 */
export interface InvestFlowState {
  /** The project being bought, as a string; empty until the flow knows it. */
  productId: string;
  /** The project's canWitch flag as the flow last read it. */
  isCanWitch: boolean;
  /** How many tokens the investor chose; undefined until chosen. */
  selectedTokens: number | undefined;
  /** The chosen pay method's id, as a string, or BALANCE_METHOD; empty until chosen. */
  selectedMethod: string;
  /** The purchase identity the investor buys under; empty until chosen. */
  selectedIdentity: string;
  /** Where the money comes from; empty until chosen. */
  selectedSource: string;
}

/** `selectedMethod` when the investor pays from their cash balance instead of a transfer. */
export const BALANCE_METHOD = 'BALANCE';

export const initialInvestFlowState: InvestFlowState = {
  productId: '',
  isCanWitch: false,
  selectedTokens: undefined,
  selectedMethod: '',
  selectedIdentity: '',
  selectedSource: '',
};

export interface InvestFlow extends InvestFlowState {
  update: (changes: Partial<InvestFlowState>) => void;
  reset: (changes?: Partial<InvestFlowState>) => void;
}

const InvestFlowContext = createContext<InvestFlow | null>(null);

export function InvestFlowProvider({ children, initial }: { children: ReactNode; initial?: Partial<InvestFlowState> }) {
  const [state, setState] = useState<InvestFlowState>(() => ({ ...initialInvestFlowState, ...initial }));
  const value = useMemo<InvestFlow>(
    () => ({
      ...state,
      update: (changes) => setState((current) => ({ ...current, ...changes })),
      reset: (changes) => setState({ ...initialInvestFlowState, ...changes }),
    }),
    [state],
  );
  return <InvestFlowContext.Provider value={value}>{children}</InvestFlowContext.Provider>;
}

export const OUTSIDE_PROVIDER_MESSAGE = 'useInvestFlow must be used within an InvestFlowProvider.';

/** The flow's state and setters; outside an InvestFlowProvider it throws, as the spec says. */
export function useInvestFlow(): InvestFlow {
  const flow = useContext(InvestFlowContext);
  if (!flow) throw new Error(OUTSIDE_PROVIDER_MESSAGE);
  return flow;
}
