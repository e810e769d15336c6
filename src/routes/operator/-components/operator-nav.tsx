import { Link } from '@tanstack/react-router';
import { t, type MessageKey } from '../../../lib/i18n';

/**
 * The console's screens. A seller reaches only those with a seller's version (its projects);
 * the server refuses the rest anyway. A new screen adds its file under operator/ and a line here.
 */
const items: ReadonlyArray<{ to: string; label: MessageKey; icon: string; isAdminOnly: boolean }> = [
  { to: '/operator', label: 'operator.nav.today', icon: 'i-lucide-inbox', isAdminOnly: false },
];

/** A row that scrolls sideways on phones; a column beside the screen on wide ones. */
export function OperatorNav({ role }: { role: 'ADMIN' | 'SELLER' }) {
  return (
    <nav aria-label={t('operator.nav.label')} className="-mx-4 mt-3 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex gap-2 pb-1 lg:flex-col">
        {items
          .filter((item) => role === 'ADMIN' || !item.isAdminOnly)
          .map((item) => (
            <li key={item.to} className="shrink-0">
              <Link
                to={item.to}
                activeOptions={{ exact: item.to === '/operator' }}
                className="focus-ring inline-flex min-h-11 w-full items-center gap-2 whitespace-nowrap rounded-full bg-white px-4 text-sm font-semibold text-ink-soft ring-1 ring-inset ring-line hover:bg-brand-50 lg:rounded-md"
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
