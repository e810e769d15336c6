import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { operatorRoleOf } from '../../../domain/access';
import { meQueryOptions } from '../../../features/session/queries';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { NotFoundPage } from '../../-components/not-found-page';
import { OperatorNav } from './-components/operator-nav';
import { screens } from './-components/screens';

/**
 * The operator console (issue 23) for ADMIN and SELLER accounts, inside the signed-in group (a
 * session and its second factor). One route for every screen (-components/screens.ts), so the
 * investor's first page carries a single entry for it. The server decides every call; the role
 * check here only keeps investors away from screens they cannot use, and never signs them out.
 * Nothing here is saved on the device (decision 1802), so the console is online-only.
 */
export const Route = createFileRoute('/_authenticated/operator/$')({
  // The catalogue's texts: the Projects screen previews a project with its page's own component.
  staticData: { texts: ['operator', 'catalogue'] },
  head: () => pageHead(t('operator.eyebrow')),
  component: OperatorConsole,
});

function OperatorConsole() {
  const { _splat: path = '' } = Route.useParams();
  const { data: me } = useQuery(meQueryOptions());
  const isOnline = useIsOnline();
  const role = operatorRoleOf(me);
  if (!role) return <Refused />;
  const [name = '', ...rest] = path.split('/');
  const screen = screens[name];
  if (!screen || (screen.isAdminOnly && role !== 'ADMIN')) return <NotFoundPage />;
  const Screen = screen.component;
  return (
    <div className="container py-6 lg:flex lg:gap-8 lg:py-10">
      <div className="lg:w-56 lg:shrink-0">
        <p className="eyebrow">{t('operator.eyebrow')}</p>
        <OperatorNav role={role} current={name} />
      </div>
      <div className="mt-6 min-w-0 flex-1 lg:mt-0">
        {isOnline ? null : (
          <p role="status" data-testid="operator-offline" className="mb-4 rounded-md bg-gold-100 p-3 text-sm text-ink">
            <span className="i-lucide-cloud-off mr-2 align-[-2px] text-gold-700" aria-hidden="true" />
            {t('operator.offline')}
          </p>
        )}
        <Suspense fallback={<p className="text-ink-soft">{t('operator.loading')}</p>}>
          <Screen rest={rest.join('/')} />
        </Suspense>
      </div>
    </div>
  );
}

/** A signed-in investor is told the console is not theirs (ROLE_REQUIRED), and stays signed in. */
function Refused() {
  return (
    <section className="container grid min-h-[60vh] place-items-center py-16 text-center" role="alert">
      <div className="max-w-lg">
        <span className="i-lucide-shield-x text-5xl text-coral-600" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-ink" data-testid="operator-refused">
          {t('operator.refused.title')}
        </h1>
        <p className="mt-4 text-ink-soft">{t('operator.refused.body')}</p>
        <Link to="/account/overview" className="btn-primary mt-8">
          {t('operator.refused.back')}
        </Link>
      </div>
    </section>
  );
}
