import { Link } from '@tanstack/react-router';
import { t } from '../../../../lib/i18n';

const items = [
  { to: '/account/overview', label: 'account.nav.overview' },
  { to: '/account/orders', label: 'account.nav.orders' },
  { to: '/account/account-settings', label: 'account.nav.settings' },
  { to: '/account/account-activity', label: 'account.nav.activity' },
] as const;

/** Links between the account pages this release fills in. */
export function AccountNav() {
  return (
    <nav aria-label={t('account.nav.label')} className="mt-6 overflow-x-auto">
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
