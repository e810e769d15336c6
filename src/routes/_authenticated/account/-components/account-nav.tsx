import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { operatorRoleOf } from '../../../../domain/access';
import { meQueryOptions } from '../../../../features/session/queries';
import { t, type MessageKey } from '../../../../lib/i18n';

/**
 * Every account page, in the order an investor needs them.
 */
const items: ReadonlyArray<{ to: string; label: MessageKey; icon: string }> = [
  { to: '/account/overview', label: 'account.nav.overview', icon: 'i-lucide-layout-dashboard' },
  { to: '/account/orders', label: 'account.nav.orders', icon: 'i-lucide-receipt' },
  { to: '/account/market', label: 'account.nav.market', icon: 'i-lucide-arrow-left-right' },
  { to: '/account/balance', label: 'account.nav.balance', icon: 'i-lucide-wallet' },
  { to: '/account/documents', label: 'account.nav.documents', icon: 'i-lucide-file-text' },
  { to: '/account/bank-details', label: 'account.nav.bankDetails', icon: 'i-lucide-landmark' },
  { to: '/account/address-book', label: 'account.nav.addressBook', icon: 'i-lucide-book-user' },
  { to: '/account/account-settings', label: 'account.nav.settings', icon: 'i-lucide-settings' },
  { to: '/account/account-activity', label: 'account.nav.activity', icon: 'i-lucide-history' },
  { to: '/account/notifications', label: 'account.nav.notifications', icon: 'i-lucide-bell' },
  { to: '/account/notification-settings', label: 'account.nav.notificationSettings', icon: 'i-lucide-bell-ring' },
];

/** The way into the operator console, shown to operator accounts only (the server decides anyway). */
const operatorItem = { to: '/operator', label: 'account.nav.operator', icon: 'i-lucide-shield-check' } as const;

/** One row that scrolls sideways on phones and wraps on wider screens. */
export function AccountNav() {
  const navRef = useRef<HTMLElement>(null);
  const { data: me } = useQuery(meQueryOptions());
  const shown = operatorRoleOf(me) ? [...items, operatorItem] : items;
  // On a phone the row scrolls sideways: the current page's pill, when it is out of sight, is
  // brought to the row's middle. The row alone scrolls, never the page. A page that came painted
  // may have been scrolled already, its row too: a row the visitor has moved stays where they left
  // it, so the pill they are about to tap does not slide away from under their finger.
  useEffect(() => {
    const nav = navRef.current;
    const pill = nav?.querySelector('[aria-current="page"]');
    if (!nav || !pill || nav.scrollLeft !== 0) return;
    const from = nav.getBoundingClientRect();
    const to = pill.getBoundingClientRect();
    if (to.left >= from.left && to.right <= from.right) return;
    nav.scrollLeft += to.left + to.width / 2 - (from.left + from.width / 2);
  }, []);
  return (
    <nav ref={navRef} aria-label={t('account.nav.label')} className="-mx-4 mt-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 pb-1 sm:flex-wrap">
        {shown.map((item) => (
          <li key={item.to} className="shrink-0">
            <Link
              to={item.to}
              className="focus-ring inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full bg-white px-4 text-sm font-semibold text-ink-soft ring-1 ring-inset ring-line hover:bg-brand-50"
              activeProps={{ className: '!bg-brand-900 !text-white !ring-brand-900', 'aria-current': 'page' }}
            >
              <span className={item.icon} aria-hidden="true" />
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
