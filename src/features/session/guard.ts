import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { decideAccess, type AccessGroup } from '../../domain/access';
import { loadAccessFacts } from './queries';

/** The beforeLoad of both guarded layouts: one decision, one place that redirects. */
export async function guardRoute(
  group: AccessGroup,
  queryClient: QueryClient,
  location: ParsedLocation,
): Promise<void> {
  const decision = decideAccess(group, await loadAccessFacts(queryClient), location.href);
  if (decision.kind === 'redirect') {
    throw redirect({ to: decision.to, search: { redirect: decision.redirect } });
  }
}
