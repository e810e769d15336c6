import type { QueryClient } from '@tanstack/react-query';
import type { ParsedLocation } from '@tanstack/react-router';
import { operatorRoleOf } from '../../../domain/access';
import { guardRoute } from '../../../features/session/guard';
import { meQueryOptions } from '../../../features/session/queries';

/** Thrown by the console's guard for a signed-in account without an operator role. */
export class OperatorRoleRequired extends Error {
  override readonly name = 'OperatorRoleRequired';
  readonly code = 'ROLE_REQUIRED';
}

/**
 * The console's guard: signed in with the second factor passed (the signed-in group's rule), then
 * an operator role. A missing role is a refusal shown on the page; the session stays.
 */
export async function guardOperator(queryClient: QueryClient, location: ParsedLocation) {
  await guardRoute('signed-in', queryClient, location);
  const role = operatorRoleOf(queryClient.getQueryData(meQueryOptions().queryKey));
  if (!role) throw new OperatorRoleRequired('ROLE_REQUIRED');
  return { operatorRole: role };
}
