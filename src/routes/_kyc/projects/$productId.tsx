import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router';
import { Suspense } from 'react';
import { ProjectPageView } from '../../../features/projects/components/project-page';
import { productDetailOptions } from '../../../features/projects/queries';
import { pageHead } from '../../../lib/head';
import { productIdParams } from '../../../lib/route-params';
import { t } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request-error';
import { awaitWhenServed } from '../../../lib/prerendered';
import { onDemand } from '../../../ui/on-demand';

// The market between investors comes in its own chunk, beside the page's data and shown after the
// page (docs/decisions/1813); a page served painted comes with it.
const MarketPanel = onDemand(() => import('../../../features/market/components/market-panel'));

export const Route = createFileRoute('/_kyc/projects/$productId')({
  staticData: { prerender: true, texts: ['catalogue'] },
  params: productIdParams,
  loader: async ({ context, params }) => {
    try {
      const [project] = await Promise.all([
        context.queryClient.ensureQueryData(productDetailOptions(params.productId)),
        awaitWhenServed(MarketPanel.preload()),
      ]);
      return project;
    } catch (error) {
      if (error instanceof RequestError && error.code === 'NOT_FOUND') throw notFound();
      if (error instanceof RequestError && error.code === 'WHITELIST_REQUIRED') {
        throw redirect({ to: '/white-list/$productId', params: { productId: params.productId } });
      }
      throw error;
    }
  },
  head: ({ loaderData }) => pageHead(loaderData?.name ?? t('projects.title'), loaderData?.description),
  component: ProjectPage,
});

/**
 * The page itself is ProjectPageView, which the operator console's preview renders too (without
 * the market, which only investors use).
 */
function ProjectPage() {
  const { productId } = Route.useParams();
  const { data: project } = useSuspenseQuery(productDetailOptions(productId));
  return (
    <article className="container pb-28 pt-6 sm:pt-10 lg:pb-12">
      <Link to="/projects" className="text-link inline-flex min-h-11 items-center gap-1 text-sm font-semibold">
        <span className="i-lucide-arrow-left" aria-hidden="true" />
        {t('project.back')}
      </Link>
      <ProjectPageView
        project={project}
        market={
          <Suspense fallback={null}>
            <MarketPanel productId={project.id} tokenName={project.tokenName} />
          </Suspense>
        }
      />
    </article>
  );
}
