import { Link } from '@tanstack/react-router';
import type { ProductDetail } from '../../../../domain/products';
import { t } from '../../../../lib/i18n';
import { formatCount } from '../../format';
import { Tag } from '../sale-status-badge';
import { SectionCard } from './section-card';

export function Rewards({ project }: { project: ProductDetail }) {
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
