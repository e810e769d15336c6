import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../../../../domain/session';
import { sessionKeys } from '../../../../../features/session/queries';

/** The account calls answer the updated profile; it replaces the cached one at once. */

export function useProfileUpdate() {
  const queryClient = useQueryClient();
  return (me: Me) => queryClient.setQueryData(sessionKeys.me(), me);
}
