import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { t } from '../../../lib/i18n';
import { refreshInbox } from '../mutations';
import { syncPushSubscription } from '../push';
import { unreadCountQueryOptions } from '../queries';

/** The header's bell: the unread count, and the way into the inbox. */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(unreadCountQueryOptions());
  const count = data?.unreadCount ?? 0;

  useEffect(() => {
    void syncPushSubscription();
    if (!('serviceWorker' in navigator)) return;
    // The worker says when it showed a push, so the count follows without waiting.
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'NOTIFICATION_RECEIVED') void refreshInbox(queryClient);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);

  return (
    <Link
      to="/account/notifications"
      onClick={onNavigate}
      className="focus-ring relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-soft hover:(bg-brand-50 text-brand-900)"
      aria-label={count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
      activeProps={{ 'aria-current': 'page', className: 'bg-brand-50 !text-brand-900' }}
    >
      <span className="i-lucide-bell text-xl" aria-hidden="true" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-coral-700 px-1 text-center text-[0.6875rem] font-bold leading-5 text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
