import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDeadline } from '../../../domain/sale';
import type { ProductDetail } from '../../../domain/products';
import { useToggleSubscription } from '../../../features/projects/mutations';
import { DocumentHistory } from '../../../features/projects/components/document-history';
import { FundingProgress } from '../../../features/projects/components/funding-progress';
import { SaleStatusBadge, Tag } from '../../../features/projects/components/sale-status-badge';
import { formatCount, formatMoney } from '../../../features/projects/format';
import { productDetailOptions } from '../../../features/projects/queries';
import { pageHead } from '../../../lib/head';
import { productIdParams } from '../../../lib/route-params';
import { t } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request-error';
import { Tooltip } from '../../../ui/tooltip';

export const Route = createFileRoute('/_kyc/projects/$productId')({
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

function SectionCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-5 sm:p-6">
      <h2 id={id} className="text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Gallery({ project }: { project: ProductDetail }) {
  const [index, setIndex] = useState(0);
  const images = project.images.length ? project.images : [{ id: 0, url: project.image, altText: project.name }];
  const current = images[Math.min(index, images.length - 1)]!;
  return (
    <div aria-label={t('project.gallery')} role="group">
      <div className="overflow-hidden rounded-xl bg-brand-100 shadow-card">
        <img
          src={current.url}
          alt={current.altText}
          className="aspect-[3/2] w-full object-cover"
          width={1200}
          height={800}
        />
      </div>
      {images.length > 1 ? (
        <div className="mt-3 flex gap-2">
          {images.map((image, position) => (
            <button
              key={image.id}
              type="button"
              onClick={() => setIndex(position)}
              aria-label={t('project.showImage', { index: position + 1 })}
              aria-pressed={position === index}
              className={`focus-ring overflow-hidden rounded-md ring-2 ${position === index ? 'ring-brand-700' : 'ring-transparent opacity-75 hover:opacity-100'}`}
            >
              <img src={image.url} alt="" className="h-14 w-20 object-cover" width={80} height={56} />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function InvestAction({ project }: { project: ProductDetail }) {
  if (project.saleStatus === 'SALE_END') {
    return (
      <button type="button" className="btn-primary w-full" disabled>
        {project.isSoldOut ? t('projects.soldOut') : t('project.investClosed')}
      </button>
    );
  }
  if (project.saleStatus === 'SALE_BEFORE') {
    return (
      <button type="button" className="btn-primary w-full" disabled>
        {t('project.investSoon')}
      </button>
    );
  }
  return (
    <Link to="/invest" search={{ productId: project.id }} className="btn-accent w-full">
      {t('project.invest')}
      <span className="i-lucide-arrow-right" aria-hidden="true" />
    </Link>
  );
}

function FundingPanel({ project }: { project: ProductDetail }) {
  const subscription = useToggleSubscription(project.id);
  return (
    <section aria-labelledby="funding-heading" className="card p-5 sm:p-6">
      <h2 id="funding-heading" className="sr-only">
        {t('project.funding')}
      </h2>
      <p className="text-3xl font-extrabold text-ink">{formatMoney(project.raisedAmount, project.currency)}</p>
      <p className="text-sm text-ink-muted">
        {project.fundingGoal
          ? t('project.raisedOf', { goal: formatMoney(project.fundingGoal, project.currency) })
          : t('project.raisedNoGoal')}
      </p>
      <div className="mt-4">
        <FundingProgress
          percentage={project.raisedPercentage}
          label={t('projects.fundingOf', { name: project.name })}
        />
        <p className="mt-2 text-sm font-semibold text-brand-800">
          {t('projects.percentRaised', {
            percent: project.raisedPercentage.toFixed(project.raisedPercentage < 10 ? 1 : 0),
          })}
        </p>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-ink-muted">{t('project.pricePerToken', { token: project.tokenName })}</dt>
          <dd className="text-lg font-bold text-ink">{formatMoney(project.pricePerToken, project.currency)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('project.investorsCount')}</dt>
          <dd className="text-lg font-bold text-ink">{formatCount(project.inventorCount)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('project.tokensLeft')}</dt>
          <dd className="text-lg font-bold text-ink">
            {formatCount(project.remainingQuantity)} / {formatCount(project.totalQuantity)}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('project.daysLeft')}</dt>
          <dd className="text-lg font-bold text-ink">{project.remainingTime ?? '-'}</dd>
          {project.deadline !== '-' ? (
            <dd className="text-xs text-ink-muted">
              {t('project.endsOn', { date: formatDeadline(project.deadline) })}
            </dd>
          ) : null}
        </div>
      </dl>
      <div className="mt-6 grid gap-3">
        <InvestAction project={project} />
        <button
          type="button"
          className="btn-secondary w-full"
          aria-pressed={project.isSubscribe}
          disabled={subscription.isPending}
          onClick={() => subscription.mutate()}
        >
          <span className={project.isSubscribe ? 'i-lucide-bell-ring' : 'i-lucide-bell'} aria-hidden="true" />
          {project.isSubscribe ? t('project.unsubscribe') : t('project.subscribe')}
        </button>
      </div>
    </section>
  );
}

function DealTerms({ project }: { project: ProductDetail }) {
  return (
    <SectionCard id="terms-heading" title={t('project.dealTerms')}>
      <dl className="divide-y divide-line">
        {project.dealTermList.map((term) => (
          <div key={term.field} className="flex items-center justify-between gap-4 py-3">
            <dt className="flex items-center gap-1.5 text-sm text-ink-soft">
              {term.field}
              {term.tooltip ? (
                <Tooltip content={term.tooltip}>
                  <button type="button" className="focus-ring rounded-full text-ink-muted hover:text-brand-800">
                    <span className="i-lucide-info" aria-hidden="true" />
                    <span className="sr-only">{t('project.aboutTerm', { field: term.field })}</span>
                  </button>
                </Tooltip>
              ) : null}
            </dt>
            <dd className="text-right text-sm font-semibold text-ink">{term.value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

function Rewards({ project }: { project: ProductDetail }) {
  const balance = project.userTokenBalance ?? 0;
  if (!project.gifts.length && !project.communityBadges.length) return null;
  return (
    <SectionCard id="rewards-heading" title={t('project.rewards')}>
      <p className="text-sm text-ink-soft">{t('project.rewardsIntro')}</p>
      <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">
        <span className="i-lucide-wallet" aria-hidden="true" />
        {balance > 0
          ? t('project.yourHolding', { count: formatCount(balance), token: project.tokenName })
          : t('project.noHolding', { token: project.tokenName })}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {project.gifts.map((gift) => {
          const isAvailable = project.availableGift?.id === gift.id;
          return (
            <li
              key={gift.id}
              className={`rounded-lg p-4 ring-1 ring-inset ${isAvailable ? 'bg-jade-50 ring-jade-500' : 'ring-line'}`}
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-bold text-ink">{gift.title}</h3>
                {gift.isDigital ? (
                  <Tag icon="i-lucide-download" tone="brand">
                    {t('project.digital')}
                  </Tag>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-ink-soft">{gift.description}</p>
              <p className="mt-2 text-xs font-semibold text-ink-muted">
                {t('project.tokensFrom', { count: formatCount(gift.limitQuantity) })}
              </p>
              {isAvailable ? (
                <Link to="/claim-gift" search={{ productId: project.id }} className="btn-primary mt-3 !min-h-9 !px-4">
                  {t('project.claimGift')}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
      {project.communityBadges.length ? (
        <>
          <h3 className="mt-6 font-bold text-ink">{t('project.badges')}</h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {project.communityBadges.map((badge) => {
              const isMine = project.userCommunityBadge?.id === badge.id;
              return (
                <li
                  key={badge.id}
                  className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm ring-1 ring-inset ${isMine ? 'bg-gold-100 font-bold text-gold-700 ring-gold-500' : 'text-ink-soft ring-line'}`}
                >
                  <span className="i-lucide-award" aria-hidden="true" />
                  {badge.name} · {t('project.tokensFrom', { count: formatCount(badge.limitQuantity) })}
                  {isMine ? <span className="sr-only">({t('project.unlocked')})</span> : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </SectionCard>
  );
}

function About({ project }: { project: ProductDetail }) {
  const about = project.about;
  if (!about) return null;
  const facts = [
    { label: t('project.founded'), value: about.founded },
    { label: t('project.employees'), value: about.employees },
    { label: t('project.form'), value: about.form },
    { label: t('project.address'), value: about.address },
  ].filter((fact) => fact.value !== null && fact.value !== undefined);
  return (
    <SectionCard id="about-heading" title={t('project.about')}>
      <p className="font-semibold text-ink">{about.legalName}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-ink-muted">{fact.label}</dt>
            <dd className="text-ink">{fact.value}</dd>
          </div>
        ))}
        {about.website ? (
          <div>
            <dt className="text-ink-muted">{t('project.website')}</dt>
            <dd>
              <a href={about.website} className="text-link" target="_blank" rel="noopener noreferrer">
                {about.website.replace(/^https?:\/\//, '')}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {about.locationImage ? (
        <img
          src={about.locationImage}
          alt={t('project.locationOf', { name: about.legalName })}
          className="mt-4 aspect-[4/3] w-full rounded-lg object-cover sm:max-w-sm"
          loading="lazy"
          width={800}
          height={600}
        />
      ) : null}
      {about.teamMembers.length ? (
        <>
          <h3 className="mt-6 font-bold text-ink">{t('project.team')}</h3>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {about.teamMembers.map((member) => (
              <li key={member.id} className="flex gap-3">
                {member.image ? (
                  <img
                    src={member.image}
                    alt=""
                    className="h-14 w-14 shrink-0 rounded-full"
                    width={56}
                    height={56}
                    loading="lazy"
                  />
                ) : null}
                <div>
                  <p className="font-semibold text-ink">{member.name}</p>
                  <p className="text-sm text-brand-800">{member.role}</p>
                  <p className="mt-1 text-sm text-ink-soft">{member.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {about.socialLinks.length ? (
        <ul className="mt-5 flex flex-wrap gap-3">
          {about.socialLinks.map((link) => (
            <li key={link.id}>
              <a href={link.url} className="text-link text-sm" target="_blank" rel="noopener noreferrer">
                {link.platform}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}

function ProjectPage() {
  const { productId } = Route.useParams();
  const { data: project } = useSuspenseQuery(productDetailOptions(productId));
  return (
    <article className="container py-8 sm:py-12">
      <Link to="/projects" className="text-link inline-flex items-center gap-1 text-sm font-semibold">
        <span className="i-lucide-arrow-left" aria-hidden="true" />
        {t('project.back')}
      </Link>
      <header className="mt-4 flex flex-wrap items-center gap-4">
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
      <p className="mt-4 max-w-3xl text-lg text-ink-soft">{project.description}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[1.6fr_1fr]">
        <div className="space-y-6">
          <Gallery project={project} />
          <div className="lg:hidden">
            <FundingPanel project={project} />
          </div>
          {project.customSections.map((section) => (
            <SectionCard key={section.id} id={`custom-${section.id}`} title={section.title}>
              <p className="text-ink-soft">{section.content}</p>
            </SectionCard>
          ))}
          <Rewards project={project} />
          <About project={project} />
          {project.faqs.length ? (
            <SectionCard id="faq-heading" title={t('project.faq')}>
              <div className="divide-y divide-line">
                {project.faqs.map((faq) => (
                  <details key={faq.id} className="group py-3">
                    <summary className="focus-ring flex cursor-pointer list-none items-center justify-between gap-3 rounded-sm font-semibold text-ink">
                      {faq.title}
                      <span
                        className="i-lucide-chevron-down shrink-0 motion-safe:transition-transform group-open:rotate-180"
                        aria-hidden="true"
                      />
                    </summary>
                    <p className="mt-2 text-sm text-ink-soft">{faq.description}</p>
                  </details>
                ))}
              </div>
            </SectionCard>
          ) : null}
          <SectionCard id="risks-heading" title={t('project.risks')}>
            <ul className="space-y-3">
              {project.risks.map((risk) => (
                <li key={risk.id} className="flex gap-3">
                  <span className="i-lucide-triangle-alert mt-1 shrink-0 text-coral-600" aria-hidden="true" />
                  <div>
                    <p className="font-semibold text-ink">{risk.title}</p>
                    <p className="text-sm text-ink-soft">{risk.description}</p>
                  </div>
                </li>
              ))}
            </ul>
            <div className="mt-5 rounded-lg bg-coral-50 p-4 text-sm text-coral-900" role="note">
              <p className="font-bold">{t('project.disclaimer')}</p>
              <p className="mt-1">{project.investmentRiskDisclaimer}</p>
            </div>
          </SectionCard>
        </div>
        <aside className="space-y-6">
          <div className="hidden lg:block">
            <FundingPanel project={project} />
          </div>
          <DealTerms project={project} />
          {project.documents.length ? (
            <SectionCard id="documents-heading" title={t('project.documents')}>
              {project.documentDescription ? (
                <p className="mb-3 text-sm text-ink-soft">{project.documentDescription}</p>
              ) : null}
              <ul className="space-y-2">
                {project.documents.map((doc) => (
                  <li key={doc.id}>
                    <a
                      href={doc.url}
                      className="focus-ring flex items-start gap-3 rounded-md p-2 hover:bg-brand-50"
                      aria-label={t('project.download', { name: doc.name })}
                    >
                      <span className="i-lucide-file-text mt-0.5 shrink-0 text-xl text-brand-700" aria-hidden="true" />
                      <span>
                        <span className="block font-semibold text-ink">{doc.name}</span>
                        <span className="block text-sm text-ink-soft">{doc.description}</span>
                      </span>
                    </a>
                    <DocumentHistory name={doc.name} versions={doc.versions} />
                  </li>
                ))}
              </ul>
            </SectionCard>
          ) : null}
          {project.payMethods.length ? (
            <SectionCard id="pay-heading" title={t('project.payMethods')}>
              <ul className="space-y-3">
                {project.payMethods.map((method) => (
                  <li key={method.id} className="rounded-md bg-paper p-3">
                    <p className="flex items-center gap-2 font-semibold text-ink">
                      <span
                        className={method.payMethodType === 'ACCOUNT' ? 'i-lucide-landmark' : 'i-lucide-coins'}
                        aria-hidden="true"
                      />
                      {method.name}
                    </p>
                    <p className="mt-1 break-all font-mono text-xs text-ink-soft">{method.address}</p>
                    <p className="text-xs text-ink-muted">
                      {method.payMethodType === 'ACCOUNT' ? t('project.payAccount') : t('project.payCrypto')} ·{' '}
                      {method.alias}
                    </p>
                  </li>
                ))}
              </ul>
            </SectionCard>
          ) : null}
          {project.communitySections.length ? (
            <SectionCard id="community-heading" title={t('project.community')}>
              <ul className="space-y-2">
                {project.communitySections.map((section) => (
                  <li key={section.id} className="flex items-center justify-between gap-3 text-sm">
                    <Link
                      to={
                        section.type === 'PROPOSAL'
                          ? '/governance/proposal/$productId'
                          : section.type === 'AGENDA'
                            ? '/governance/agenda/$productId'
                            : section.type === 'UPDATE'
                              ? '/governance/notice/$productId'
                              : '/governance/community/$productId'
                      }
                      params={{ productId: project.id }}
                      className="text-link font-semibold"
                    >
                      {t(`project.community.${section.type}`)}
                    </Link>
                    <span className="text-xs text-ink-muted">{t(`project.view.${section.viewType}`)}</span>
                  </li>
                ))}
              </ul>
            </SectionCard>
          ) : null}
          {project.contractAddress ? (
            <p className="break-all text-xs text-ink-muted">
              {t('project.contract')}: <span className="font-mono">{project.contractAddress}</span>
            </p>
          ) : null}
        </aside>
      </div>
    </article>
  );
}
