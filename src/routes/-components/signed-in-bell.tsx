import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { holdLiveUpdates } from '../../live/start';

/**
 * The bell of a signed-in investor past the second factor, and the app's live connection with
 * it: both load with the first signed-in page, never with a visitor's (the header shows the bell
 * twice, on a phone and on a wide screen; the connection is one).
 */
export function SignedInBell({ onNavigate }: { onNavigate?: () => void }) {
  const queryClient = useQueryClient();
  useEffect(() => holdLiveUpdates(queryClient), [queryClient]);
  return <NotificationBell onNavigate={onNavigate} />;
}
