import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a caller may add to a feature's mutation hook: its reactions (messages, navigation, its own
 * state), never the call itself. Each hook in features/<x>/mutations.ts takes these and does its
 * feature's cache work first.
 */
export type Reactions<TData, TVariables, TOnMutateResult = unknown> = Omit<
  UseMutationOptions<TData, Error, TVariables, TOnMutateResult>,
  'mutationFn'
>;
