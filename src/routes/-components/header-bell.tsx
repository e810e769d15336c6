import { useQuery } from '@tanstack/react-query';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { meQueryOptions } from '../../features/session/queries';

/** The bell, once the second factor is passed (the inbox is refused before that). */
export function HeaderBell({ onNavigate }: { onNavigate?: () => void }) {
  const { data: me } = useQuery(meQueryOptions());
  if (!me || me.userPayload.role === 'UNVERIFIED') return null;
  return <NotificationBell onNavigate={onNavigate} />;
}
