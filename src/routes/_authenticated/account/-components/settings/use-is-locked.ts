import type { UserPayload } from '../../../../../domain/auth';
import { useNetworkAction } from '../../../../../lib/offline';

/** Changes are refused for a banned account, and cannot be sent without a network. */
export function useIsLocked(user: UserPayload): boolean {
  const { isAvailable } = useNetworkAction();
  return user.isBanned || !isAvailable;
}
