import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AboutIssuer } from '../../../features/projects/components/detail/about-issuer';
import { DealTerms } from '../../../features/projects/components/detail/deal-terms';
import { FundingPanel, StickyInvestBar } from '../../../features/projects/components/detail/funding-panel';
import { Gallery } from '../../../features/projects/components/detail/gallery';
import {
  CommunityLinks,
  ContractAddress,
  CustomSections,
  Documents,
  Faqs,
  PayMethods,
  Risks,
} from '../../../features/projects/components/detail/reading-sections';
import { Rewards } from '../../../features/projects/components/detail/rewards';
import { SaleStatusBadge, Tag } from '../../../features/projects/components/sale-status-badge';
import { productDetailOptions } from '../../../features/projects/queries';
import { pageHead } from '../../../lib/head';
import { productIdParams } from '../../../lib/route-params';
import { t } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request-error';

// The market between investors comes in its own chunk, after the page (docs/decisions/1813).
const MarketPanel = lazy(() => import('../../../features/market/components/market-panel'));

export const Route = createFileRoute('/_kyc/projects/$productId')({
  staticData: { texts: ['catalogue'] },
  params: productIdParams,
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(productDetailOptions(params.productId));
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
 * Phone order: name, the funding panel (key facts, Invest), the pictures, then deal terms and
 * the long sections, with Invest kept in a bar at the bottom. Desktop: the panel is a sticky
 * column beside the reading.
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
      <header className="mt-2 flex flex-wrap items-center gap-4">
        <img src={project.logo} alt="" className="h-14 w-14 rounded-xl" width={56} height={56} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{project.category.name}</p>
          <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-4xl">{project.name}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <SaleStatusBadge status={project.saleStatus} />
          {project.isRegD ? (
            <Tag icon="i-lucide-shield" tone="brand">
              {t('projects.regD')}
            </Tag>
          ) : null}
        </div>
      </header>
      <p className="mt-4 max-w-3xl text-base text-ink-soft sm:text-lg">{project.description}</p>

      <div className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-[1.6fr_1fr] lg:items-start">
        <aside className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <FundingPanel project={project} />
        </aside>
        <div className="lg:col-start-1 lg:row-start-1">
          <Gallery project={project} />
        </div>
        <div className="space-y-6 lg:col-start-1 lg:row-start-2">
          <Suspense fallback={null}>
            <MarketPanel productId={project.id} tokenName={project.tokenName} />
          </Suspense>
          <DealTerms project={project} />
          <CustomSections project={project} />
          <Rewards project={project} />
          <AboutIssuer project={project} />
          <Faqs project={project} />
          <Risks project={project} />
          <Documents project={project} />
          <PayMethods project={project} />
          <CommunityLinks project={project} />
          <ContractAddress project={project} />
        </div>
      </div>
      <StickyInvestBar project={project} />
    </article>
  );
}
