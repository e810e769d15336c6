import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { t } from '../../../../lib/i18n';

const items = [
  { to: '/account/overview', label: 'account.nav.overview' },
  { to: '/account/orders', label: 'account.nav.orders' },
  { to: '/account/account-settings', label: 'account.nav.settings' },
  { to: '/account/account-activity', label: 'account.nav.activity' },
  { to: '/account/notifications', label: 'account.nav.notifications' },
  { to: '/account/notification-settings', label: 'account.nav.notificationSettings' },
] as const;

/** Links between the account pages this release fills in. */
export function AccountNav() {
  const navRef = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: the current page's pill is brought into view.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, []);
  return (
    <nav ref={navRef} aria-label={t('account.nav.label')} className="mt-6 overflow-x-auto">
      <ul className="flex gap-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="focus-ring inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold text-ink-soft ring-1 ring-inset ring-line hover:bg-brand-50"
              activeProps={{ className: '!bg-brand-900 !text-white !ring-brand-900', 'aria-current': 'page' }}
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
