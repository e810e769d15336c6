import { Link } from '@tanstack/react-router';
import { t } from '../../../../lib/i18n';
import { screens } from './screens';

/** A row that scrolls sideways on phones; a column beside the screen on wide ones. */
export function OperatorNav({ role, current }: { role: 'ADMIN' | 'SELLER'; current: string }) {
  return (
    <nav aria-label={t('operator.nav.label')} className="-mx-4 mt-3 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex gap-2 pb-1 lg:flex-col">
        {Object.entries(screens)
          .filter(([, screen]) => role === 'ADMIN' || !screen.isAdminOnly)
          .map(([name, screen]) => (
            <li key={name} className="shrink-0">
              <Link
                to="/operator/$"
                params={{ _splat: name }}
                aria-current={name === current ? 'page' : undefined}
                className={`focus-ring inline-flex min-h-11 w-full items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm font-semibold ring-1 ring-inset lg:rounded-md ${
                  name === current
                    ? 'bg-brand-900 text-white ring-brand-900'
                    : 'bg-white text-ink-soft ring-line hover:bg-brand-50'
                }`}
              >
                <span className={screen.icon} aria-hidden="true" />
                {t(screen.label)}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
