import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { healthQueryOptions } from '../features/health/queries';
import { pageHead } from '../lib/head';
import { Delayed } from '../ui/delayed';
import { Spinner } from '../ui/spinner';

export const Route = createFileRoute('/health-check')({
  loader: ({ context }) => context.queryClient.ensureQueryData(healthQueryOptions()),
  head: () => pageHead('Service status'),
  component: HealthCheckPage,
});

function StatusRow({ label, isUp, value }: { label: string; isUp: boolean; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-4">
      <dt className="font-semibold text-ink">{label}</dt>
      <dd className={`inline-flex items-center gap-2 font-semibold ${isUp ? 'text-jade-700' : 'text-coral-700'}`}>
        <span className={isUp ? 'i-lucide-circle-check' : 'i-lucide-circle-x'} aria-hidden="true" />
        {value}
      </dd>
    </div>
  );
}

function HealthCheckPage() {
  const { data, isFetching } = useSuspenseQuery(healthQueryOptions());
  const { health, checkedAt } = data;
  const isOk = health.status === 'ok';
  return (
    <section className="container py-10 sm:py-16">
      <p className="eyebrow">Service status</p>
      <h1 className="page-title mt-2">{isOk ? 'All systems working' : 'Moa is having trouble'}</h1>
      <p className="mt-3 max-w-xl text-ink-soft">
        {isOk
          ? 'The app and its database are answering normally.'
          : 'Some parts of Moa are not answering. Your holdings are safe; please try again in a few minutes.'}
      </p>
      <dl className="card mt-8 max-w-xl divide-y divide-line px-6" aria-busy={isFetching}>
        <StatusRow
          label="API"
          isUp={health.version !== 'unknown'}
          value={health.version !== 'unknown' ? 'Answering' : 'Not answering'}
        />
        <StatusRow label="Database" isUp={health.db === 'up'} value={health.db === 'up' ? 'Up' : 'Down'} />
        <div className="flex items-center justify-between gap-4 py-4">
          <dt className="font-semibold text-ink">Version</dt>
          <dd className="font-mono text-sm text-ink-soft" data-testid="health-version">
            {health.version}
          </dd>
        </div>
      </dl>
      {isFetching ? (
        // Only a check that takes noticeable time shows that it is running.
        <Delayed>
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-ink-muted" role="status">
            <Spinner className="h-4 w-4 border-2" /> Checking again…
          </p>
        </Delayed>
      ) : null}
      <p className="mt-4 text-sm text-ink-muted">
        Last checked <time dateTime={checkedAt}>{new Date(checkedAt).toLocaleTimeString()}</time>; refreshed every 30
        seconds.
      </p>
    </section>
  );
}
