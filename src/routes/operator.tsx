import { createFileRoute, Link, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { OperatorRoleRequired, guardOperator } from './operator/-components/guard';
import { t } from '../lib/i18n';
import { useIsOnline } from '../lib/use-online';
import { ErrorPage } from './-components/error-page';
import { OperatorNav } from './operator/-components/operator-nav';

/**
 * The operator console (issue 23): its own route group and chunks, for ADMIN and SELLER accounts.
 * The server decides every call; this guard only keeps investors out of screens they cannot use.
 * Nothing here is saved on the device (decision 1802), so the console is online-only.
 */
export const Route = createFileRoute('/operator')({
  staticData: { texts: ['operator'] },
  beforeLoad: ({ context, location }) => guardOperator(context.queryClient, location),
  component: OperatorLayout,
  errorComponent: OperatorError,
});

function OperatorLayout() {
  const { operatorRole } = Route.useRouteContext();
  const isOnline = useIsOnline();
  return (
    <div className="container py-6 lg:flex lg:gap-8 lg:py-10">
      <div className="lg:w-56 lg:shrink-0">
        <p className="eyebrow">{t('operator.eyebrow')}</p>
        <OperatorNav role={operatorRole} />
      </div>
      <div className="mt-6 min-w-0 flex-1 lg:mt-0">
        {isOnline ? null : (
          <p role="status" data-testid="operator-offline" className="mb-4 rounded-md bg-gold-100 p-3 text-sm text-ink">
            <span className="i-lucide-cloud-off mr-2 align-[-2px] text-gold-700" aria-hidden="true" />
            {t('operator.offline')}
          </p>
        )}
        <Outlet />
      </div>
    </div>
  );
}

/** A signed-in investor is told the console is not theirs, and stays signed in. */
function OperatorError(props: ErrorComponentProps) {
  if (!(props.error instanceof OperatorRoleRequired)) return <ErrorPage {...props} />;
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
