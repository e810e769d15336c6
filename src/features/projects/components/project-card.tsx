import { Link } from '@tanstack/react-router';
import type { ProductCard as Card } from '../../../domain/products';
import { t } from '../../../lib/i18n';
import { formatCompactMoney, formatCount, formatMoney, formatPercent } from '../format';
import { FundingProgress } from './funding-progress';
import { SaleStatusBadge, Tag } from './sale-status-badge';
import { Amount, WithValues } from '../../../ui/amount';

function remainingLabel(card: Card): string {
  if (card.saleStatus === 'SALE_BEFORE') return t('projects.opensSoon');
  if (card.saleStatus === 'SALE_END') return card.isSoldOut ? t('projects.soldOut') : t('projects.ended');
  if (card.remainingTime === null) return t('projects.noDeadline');
  if (card.remainingTime === 0) return t('projects.lastDay');
  return t(card.remainingTime === 1 ? 'projects.dayLeft' : 'projects.daysLeft', { days: card.remainingTime });
}

/** The list card of the spec: image, name, price, progress, time left, investors and badges. */
export function ProjectCard({
  card,
  headingLevel = 3,
  isAboveTheFold = false,
}: {
  card: Card;
  /** 2 where the card sits directly under the page title, 3 under a section heading. */
  headingLevel?: 2 | 3;
  /** The first cards of a page load their image at once: it is what the reader sees first. */
  isAboveTheFold?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card group relative flex h-full flex-col overflow-hidden motion-safe:transition-shadow hover:shadow-raised">
      <div className="relative aspect-[3/2] overflow-hidden bg-brand-100">
        <img
          src={card.image}
          alt=""
          loading={isAboveTheFold ? 'eager' : 'lazy'}
          fetchPriority={isAboveTheFold ? 'high' : 'auto'}
          decoding="async"
          width={600}
          height={400}
          className="h-full w-full object-cover motion-safe:transition-transform motion-safe:duration-slow group-hover:scale-103"
        />
        <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
          {card.isMostPopular ? (
            <Tag icon="i-lucide-flame" tone="coral">
              {t('projects.mostPopular')}
            </Tag>
          ) : null}
          {card.isClosingSoon ? (
            <Tag icon="i-lucide-alarm-clock" tone="gold">
              {t('projects.closingSoon')}
            </Tag>
          ) : null}
          {card.isSoldOut ? (
            <Tag icon="i-lucide-badge-check" tone="ink">
              {t('projects.soldOut')}
            </Tag>
          ) : null}
          {card.isRegD ? (
            <Tag icon="i-lucide-shield" tone="brand">
              {t('projects.regD')}
            </Tag>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{card.category.name}</p>
          <SaleStatusBadge status={card.saleStatus} />
        </div>
        <Heading className="text-lg font-bold leading-snug text-ink">
          <Link
            to="/projects/$productId"
            params={{ productId: card.id }}
            className="focus-ring rounded-sm after:absolute after:inset-0 after:content-['']"
          >
            {card.name}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm text-ink-soft">{card.description}</p>
        <div className="mt-auto space-y-2 pt-2">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-bold text-ink">
              <WithValues
                text={t('projects.raised')}
                values={{ amount: <Amount>{formatCompactMoney(card.raisedAmount, card.currency)}</Amount> }}
              />
            </span>
            <span className="font-semibold text-brand-800">{formatPercent(card.raisedPercentage)}</span>
          </div>
          <FundingProgress percentage={card.raisedPercentage} label={t('projects.fundingOf', { name: card.name })} />
          <dl className="grid grid-cols-3 gap-2 pt-2 text-xs text-ink-muted">
            <div>
              <dt>{t('projects.price')}</dt>
              <dd className="mt-0.5 text-sm font-semibold text-ink">
                <Amount>{formatMoney(card.price, card.currency)}</Amount>
              </dd>
            </div>
            <div>
              <dt>{t('projects.investors')}</dt>
              <dd className="mt-0.5 text-sm font-semibold text-ink">{formatCount(card.inventorCount)}</dd>
            </div>
            <div>
              <dt>{t('projects.timeLeft')}</dt>
              <dd className="mt-0.5 text-sm font-semibold text-ink">{remainingLabel(card)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </article>
  );
}

export function ProjectCardSkeleton() {
  return (
    <div className="card overflow-hidden" aria-hidden="true">
      <div className="aspect-[3/2] animate-pulse bg-brand-100/70" />
      <div className="space-y-3 p-5">
        <div className="h-3 w-1/3 animate-pulse rounded bg-brand-100" />
        <div className="h-5 w-3/4 animate-pulse rounded bg-brand-100" />
        <div className="h-3 w-full animate-pulse rounded bg-brand-100/70" />
        <div className="h-2 w-full animate-pulse rounded bg-brand-100" />
      </div>
    </div>
  );
}
