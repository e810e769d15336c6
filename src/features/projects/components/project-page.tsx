import type { ReactNode } from 'react';
import type { ProductDetail } from '../../../domain/products';
import { t } from '../../../lib/i18n';
import { AboutIssuer } from './detail/about-issuer';
import { DealTerms } from './detail/deal-terms';
import { FundingPanel, StickyInvestBar } from './detail/funding-panel';
import { Gallery } from './detail/gallery';
import {
  CommunityLinks,
  ContractAddress,
  CustomSections,
  Documents,
  Faqs,
  PayMethods,
  Risks,
} from './detail/reading-sections';
import { Rewards } from './detail/rewards';
import { SaleStatusBadge, Tag } from './sale-status-badge';

/**
 * The project page below its back link: the investors' page (/projects/<id>) and the operator
 * console's preview render this one component, so the preview is exactly what investors see.
 * Phone order: name, the funding panel (key facts, Invest), the pictures, then deal terms and
 * the long sections, with Invest kept in a bar at the bottom. Desktop: the panel is a sticky
 * column beside the reading.
 */
export function ProjectPageView({ project, market }: { project: ProductDetail; market?: ReactNode }) {
  return (
    <>
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
          {market}
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
    </>
  );
}
