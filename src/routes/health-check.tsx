import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { healthQueryOptions } from '../features/health/queries';
import { pageHead } from '../lib/head';
import { getLocale, t } from '../lib/i18n';
import { Delayed } from '../ui/delayed';
import { Spinner } from '../ui/spinner';

export const Route = createFileRoute('/health-check')({
  staticData: { texts: ['site'] },
  loader: ({ context }) => context.queryClient.ensureQueryData(healthQueryOptions()),
  head: () => pageHead(t('site.health.title')),
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
  // The time sits inside the sentence, wherever the language puts it.
  const lastChecked = t('site.health.lastChecked').split('{time}');
  return (
    <section className="container py-10 sm:py-16">
      <p className="eyebrow">{t('site.health.title')}</p>
      <h1 className="page-title mt-2">{isOk ? t('site.health.ok') : t('site.health.trouble')}</h1>
      <p className="mt-3 max-w-xl text-ink-soft">{isOk ? t('site.health.okBody') : t('site.health.troubleBody')}</p>
      <dl className="card mt-8 max-w-xl divide-y divide-line px-6" aria-busy={isFetching}>
        <StatusRow
          label={t('site.health.api')}
          isUp={health.version !== 'unknown'}
          value={health.version !== 'unknown' ? t('site.health.answering') : t('site.health.notAnswering')}
        />
        <StatusRow
          label={t('site.health.database')}
          isUp={health.db === 'up'}
          value={health.db === 'up' ? t('site.health.up') : t('site.health.down')}
        />
        <div className="flex items-center justify-between gap-4 py-4">
          <dt className="font-semibold text-ink">{t('site.health.version')}</dt>
          <dd className="font-mono text-sm text-ink-soft" data-testid="health-version">
            {health.version}
          </dd>
        </div>
      </dl>
      {isFetching ? (
        // Only a check that takes noticeable time shows that it is running.
        <Delayed>
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-ink-muted" role="status">
            <Spinner className="h-4 w-4 border-2" /> {t('site.health.checking')}
          </p>
        </Delayed>
      ) : null}
      <p className="mt-4 text-sm text-ink-muted">
        {lastChecked[0]}
        <time dateTime={checkedAt}>{new Date(checkedAt).toLocaleTimeString(getLocale())}</time>
        {lastChecked[1]}
      </p>
    </section>
  );
}
