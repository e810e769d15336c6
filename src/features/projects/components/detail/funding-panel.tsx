import type { ProductDetail } from '../../../../domain/products';
import { formatUtcDate } from '../../../../lib/dates';
import { t } from '../../../../lib/i18n';
import { NetworkButton } from '../../../../ui/network-button';
import { formatCount, formatMoney, formatPercent } from '../../format';
import { useToggleSubscription } from '../../mutations';
import { FundingProgress } from '../funding-progress';
import { InvestAction } from './invest-action';
import { Amount, WithValues } from '../../../../ui/amount';

/**
 * What an investor decides on, first: how far the sale is, the key facts (price, minimum,
 * deadline, regulation), Invest and Follow. On phones it comes right after the picture.
 */
export function FundingPanel({ project }: { project: ProductDetail }) {
  const subscription = useToggleSubscription(project.id);
  const facts = [
    {
      label: t('project.price'),
      value: <Amount>{formatMoney(project.pricePerToken, project.currency)}</Amount>,
      note: t('project.pricePerToken', { token: project.tokenName }),
    },
    { label: t('project.minimum'), value: <Amount>{formatMoney(project.userMinInvestment, project.currency)}</Amount> },
    {
      label: t('project.deadline'),
      value: project.endedAt ? formatUtcDate(project.endedAt) : t('projects.noDeadline'),
      note: project.remainingTime !== null ? `${project.remainingTime} ${t('project.daysLeft')}` : undefined,
    },
    { label: t('project.regulation'), value: project.regulation },
  ];
  return (
    <section aria-labelledby="funding-heading" className="card p-5 sm:p-6">
      <h2 id="funding-heading" className="sr-only">
        {t('project.funding')}
      </h2>
      <p className="text-3xl font-extrabold text-ink">
        <Amount>{formatMoney(project.raisedAmount, project.currency)}</Amount>
      </p>
      <p className="text-sm text-ink-muted">
        {project.fundingGoal ? (
          <WithValues
            text={t('project.raisedOf')}
            values={{ goal: <Amount>{formatMoney(project.fundingGoal, project.currency)}</Amount> }}
          />
        ) : (
          t('project.raisedNoGoal')
        )}
      </p>
      <div className="mt-4">
        <FundingProgress
          percentage={project.raisedPercentage}
          label={t('projects.fundingOf', { name: project.name })}
        />
        <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-semibold text-brand-800">
            {t('projects.percentRaised', { percent: formatPercent(project.raisedPercentage) })}
          </span>
          <span className="text-ink-muted">
            {formatCount(project.inventorCount)} {t('project.investorsCount')} ·{' '}
            {formatCount(project.remainingQuantity)} {t('project.tokensLeft')}
          </span>
        </p>
      </div>
      <h3 className="sr-only">{t('project.keyFacts')}</h3>
      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        {facts.map((fact) => (
          <div key={fact.label} className="min-w-0">
            <dt className="text-ink-muted">{fact.label}</dt>
            <dd className="font-bold text-ink">{fact.value}</dd>
            {fact.note ? <dd className="text-xs text-ink-muted">{fact.note}</dd> : null}
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-col gap-3">
        <InvestAction project={project} />
        <NetworkButton
          className="btn-secondary w-full"
          aria-pressed={project.isSubscribe}
          disabled={subscription.isPending}
          onClick={() => subscription.mutate()}
        >
          <span className={project.isSubscribe ? 'i-lucide-bell-ring' : 'i-lucide-bell'} aria-hidden="true" />
          {project.isSubscribe ? t('project.unsubscribe') : t('project.subscribe')}
        </NetworkButton>
      </div>
    </section>
  );
}

/** On phones, Invest stays in reach at the bottom of the screen while the investor reads. */
export function StickyInvestBar({ project }: { project: ProductDetail }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-paper/95 px-4 py-3 shadow-raised backdrop-blur lg:hidden">
      <div className="mx-auto flex max-w-6xl items-center gap-3">
        <p className="min-w-0 flex-1 text-sm">
          <span className="block truncate font-semibold text-ink">{project.name}</span>
          <span className="block text-ink-muted">
            <WithValues
              text={t('project.stickyPrice')}
              values={{ price: <Amount>{formatMoney(project.pricePerToken, project.currency)}</Amount> }}
            />
          </span>
        </p>
        <InvestAction project={project} className="shrink-0" />
      </div>
    </div>
  );
}
