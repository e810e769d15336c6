import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { useState } from 'react';
import { answerSources } from '../../../../../domain/governance';
import { NewThreadForm, ThreadCard } from '../../../../../features/governance/components/community';
import { GovernanceShell, LockedSection } from '../../../../../features/governance/components/governance-shell';
import { threadsOptions } from '../../../../../features/governance/queries';
import { productDetailOptions } from '../../../../../features/projects/queries';
import { pageHead } from '../../../../../lib/head';
import { t } from '../../../../../lib/i18n';
import { RequestError } from '../../../../../lib/request-error';
import { productIdParams } from '../../../../../lib/route-params';

export const Route = createFileRoute('/_kyc/governance/community/$productId/')({
  staticData: { texts: ['catalogue', 'governance'] },
  params: productIdParams,
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(threadsOptions(params.productId, 'ALL'));
    } catch (error) {
      if (error instanceof RequestError && error.code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  head: () => pageHead(t('governance.community')),
  component: Page,
});

function Page() {
  const { productId } = Route.useParams();
  const { data: project } = useQuery(productDetailOptions(productId));
  const [source, setSource] = useState<string>('ALL');
  const all = useSuspenseQuery(threadsOptions(productId, 'ALL'));
  const filtered = useQuery({ ...threadsOptions(productId, source), enabled: source !== 'ALL' });
  const data = source === 'ALL' ? all.data : (filtered.data ?? all.data);
  return (
    <GovernanceShell
      productId={productId}
      project={project}
      title={t('governance.community')}
      fetchedAt={all.dataUpdatedAt}
    >
      {data.sections
        .filter((section) => !section.unlocked)
        .map((section) => (
          <div key={section.sectionId}>
            <p className="mb-1 text-sm font-semibold text-ink">{t(`project.community.${section.type}`)}</p>
            <LockedSection section={section} />
          </div>
        ))}
      <NewThreadForm productId={productId} sections={data.sections} />
      <label className="block text-sm font-semibold">
        {t('governance.filter')}
        <select
          value={source}
          onChange={(event) => setSource(event.target.value)}
          className="focus-ring mt-1 block w-full rounded-lg border border-brand-200 bg-white px-3 py-2 text-base sm:w-60"
        >
          {answerSources.map((value) => (
            <option key={value} value={value}>
              {t(`governance.filter.${value}`)}
            </option>
          ))}
        </select>
      </label>
      {data.threads.length === 0 ? <p className="text-sm text-ink-muted">{t('governance.noThreads')}</p> : null}
      {data.threads.map((thread) => (
        <ThreadCard key={thread.id} productId={productId} thread={thread} />
      ))}
    </GovernanceShell>
  );
}
