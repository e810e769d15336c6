import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { renderNotification } from '../../../domain/notification-params';
import type { Notification, NotificationType } from '../../../domain/notifications';
import { PushOffer } from '../../../features/notifications/components/push-offer';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../../../features/notifications/mutations';
import { inboxQueryOptions } from '../../../features/notifications/queries';
import { formatDateTime } from '../../../lib/dates';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useIsOnline } from '../../../lib/use-online';

export const Route = createFileRoute('/_authenticated/account/notifications')({
  staticData: { texts: ['notifications'] },
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(inboxQueryOptions()),
  head: () => pageHead(t('notifications.title')),
  component: Page,
});

const icons: Record<NotificationType, string> = {
  PROPOSAL_CREATED: 'i-lucide-file-plus-2',
  VOTE_FINISH: 'i-lucide-vote',
  AGENDA_CLOSED: 'i-lucide-gavel',
  CONTRACT_SIGNED: 'i-lucide-file-signature',
  PROMOTE: 'i-lucide-sparkles',
  PAYMENT_CONFIRMED: 'i-lucide-badge-check',
  PAYMENT_REJECTED: 'i-lucide-circle-x',
  ORDER_EXPIRED: 'i-lucide-timer-off',
  ORDER_REFUNDED: 'i-lucide-undo-2',
  DEPOSIT_CREDITED: 'i-lucide-wallet',
  WITHDRAWAL_PAID: 'i-lucide-banknote',
  WITHDRAWAL_RETURNED: 'i-lucide-undo-2',
  MARKET_ORDER_FILLED: 'i-lucide-arrow-left-right',
};

function Page() {
  const isOnline = useIsOnline();
  const inbox = useSuspenseInfiniteQuery(inboxQueryOptions());
  const notifications = inbox.data.pages.flatMap((page) => page.notifications);
  const unreadCount = inbox.data.pages[0]?.unreadCount ?? 0;
  const readOne = useMarkNotificationRead();
  const readAll = useMarkAllNotificationsRead();

  return (
    <div>
      <h1 className="page-title">{t('notifications.title')}</h1>
      <p className="mt-3 max-w-2xl text-ink-soft">{t('notifications.intro')}</p>
      <PushOffer />
      {!isOnline && inbox.dataUpdatedAt > 0 && (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          {t('notifications.savedAt', { time: formatDateTime(inbox.dataUpdatedAt) })}
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <Link to="/account/notification-settings" className="text-link text-sm font-semibold">
          <span className="i-lucide-settings-2 mr-1 align-[-2px]" aria-hidden="true" />
          {t('notifications.settingsLink')}
        </Link>
        {unreadCount > 0 && (
          <button
            type="button"
            className="btn-secondary"
            disabled={readAll.isPending || !isOnline}
            onClick={() => readAll.mutate()}
          >
            <span className="i-lucide-check-check" aria-hidden="true" />
            {t('notifications.markAllRead')}
          </button>
        )}
      </div>
      {notifications.length === 0 ? (
        <p className="card mt-4 p-6 text-ink-soft">{t('notifications.empty')}</p>
      ) : (
        <ol className="card mt-4 divide-y divide-line" aria-label={t('notifications.listLabel')}>
          {notifications.map((item) => (
            <InboxItem
              key={item.id}
              item={item}
              onOpen={() => {
                if (!item.readAt) readOne.mutate(item.id);
              }}
            />
          ))}
        </ol>
      )}
      {inbox.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <button
            type="button"
            className="btn-secondary"
            disabled={inbox.isFetchingNextPage}
            onClick={() => void inbox.fetchNextPage()}
          >
            {inbox.isFetchingNextPage ? t('notifications.loading') : t('notifications.loadOlder')}
          </button>
        </div>
      )}
    </div>
  );
}

/** A notification in the reader's language, from its type and parameters (stored text for older ones). */
function shownText(item: Notification) {
  return renderNotification(item, (key) => t(key), { money: formatMoney, dateTime: formatDateTime });
}

function InboxItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const router = useRouter();
  const isUnread = item.readAt === null;
  const text = shownText(item);
  return (
    <li className={isUnread ? 'bg-brand-50/60' : undefined}>
      {/* The link comes from the server (a path inside the app), so it goes through the history. */}
      <a
        href={item.link}
        onClick={(event) => {
          onOpen();
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          router.history.push(item.link);
        }}
        className="focus-ring flex gap-3 rounded-xl p-4 hover:bg-brand-50 sm:px-6"
        data-notification-id={item.id}
      >
        <span
          className={`mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${
            isUnread ? 'bg-brand-900 text-white' : 'bg-paper text-ink-soft ring-1 ring-line'
          }`}
          aria-hidden="true"
        >
          <span className={`${icons[item.type]} text-lg`} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {t(`notifications.type.${item.type}`)}
            <span aria-hidden="true">·</span>
            <time dateTime={item.createdAt} className="font-normal normal-case tracking-normal">
              {formatDateTime(item.createdAt)}
            </time>
          </span>
          <span className={`mt-1 block break-words text-ink ${isUnread ? 'font-bold' : 'font-semibold'}`}>
            {isUnread && <span className="sr-only">{t('notifications.unread')}: </span>}
            {text.title}
          </span>
          <span className="mt-0.5 block break-words text-sm text-ink-soft">{text.body}</span>
        </span>
        {isUnread && <span className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-coral-600" aria-hidden="true" />}
      </a>
    </li>
  );
}
