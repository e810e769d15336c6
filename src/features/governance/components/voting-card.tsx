import { useState } from 'react';
import type { BallotItem, VotingKind } from '../../../domain/governance';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { useCastVote } from '../mutations';
import { PostBody } from './governance-shell';

function Results({ item }: { item: BallotItem }) {
  if (!item.results) return <p className="mt-3 text-sm text-ink-muted">{t('governance.resultsHidden')}</p>;
  const results = item.results;
  const rows = [
    ...item.options.map((option) => ({ key: String(option.choice), label: option.label, weight: option.weight ?? 0 })),
    { key: 'abstain', label: t('governance.abstain'), weight: results.abstainWeight },
  ];
  const max = Math.max(1, results.participatingWeight);
  return (
    <div className="mt-3" data-testid="results">
      <h3 className="text-sm font-semibold text-ink">
        {item.status === 'OPEN' ? t('governance.resultsSoFar') : t('governance.results')}
      </h3>
      <ul className="mt-2 space-y-2">
        {rows.map((row) => (
          <li key={row.key} className="text-sm">
            <div className="flex justify-between gap-2">
              <span>{row.label}</span>
              <span className="font-mono" data-testid={`weight-${row.key}`}>
                {t('governance.tokens', { count: row.weight })}
              </span>
            </div>
            <div className="mt-1 h-2 overflow-hidden rounded-full bg-brand-50" aria-hidden="true">
              <div className="h-full bg-brand-700" style={{ width: `${(row.weight * 100) / max}%` }} />
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-ink-muted">
        {t('governance.participation', { count: results.participatingWeight, total: item.totalPower })}{' '}
        {results.quorumReached ? t('governance.quorumReached') : t('governance.quorumNotReached')}
      </p>
      {item.status === 'CLOSED' ? (
        <p className="mt-2 font-semibold text-ink" data-testid="outcome">
          {results.outcome === 'PASSED' && results.winningOption !== null
            ? t('governance.outcome.PASSED', { option: item.options[results.winningOption - 1]?.label ?? '' })
            : t(`governance.outcome.${results.outcome}`)}
        </p>
      ) : null}
    </div>
  );
}

function VoteForm({ item, productId, kind }: { item: BallotItem; productId: number; kind: VotingKind }) {
  const isOnline = useIsOnline();
  const vote = useCastVote(productId, kind);
  const [choice, setChoice] = useState<string>('');
  if (item.myBallot) {
    const label =
      item.myBallot.choice === 0 ? t('governance.abstain') : (item.options[item.myBallot.choice - 1]?.label ?? '');
    return (
      <p className="mt-3 text-sm text-ink" data-testid="my-ballot">
        {t('governance.yourBallot', { option: label, count: item.myBallot.weight })}
      </p>
    );
  }
  if (item.status !== 'OPEN') return null;
  if (item.myPower <= 0) return <p className="mt-3 text-sm text-ink-muted">{t('governance.noPower')}</p>;
  const name = `vote-${item.kind}-${item.id}`;
  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!choice || !isOnline) return;
        vote.mutate({ id: item.id, body: { choice: choice === 'ABSTAIN' ? 'ABSTAIN' : Number(choice) } });
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{t('governance.chooseOption')}</legend>
        <div className="mt-2 space-y-1">
          {[
            ...item.options.map((option) => ({ value: String(option.choice), label: option.label })),
            { value: 'ABSTAIN', label: t('governance.abstain') },
          ].map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
                className="focus-ring h-5 w-5"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-2 text-xs text-ink-muted">{t('governance.ballotFinal')}</p>
      {!isOnline ? (
        <p className="mt-2 text-sm text-coral-700" role="status">
          {t('governance.offlineVote')}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn-primary mt-3 w-full sm:w-auto"
        disabled={!choice || !isOnline || vote.isPending}
      >
        {t('governance.castVote')}
      </button>
    </form>
  );
}

/** One proposal or agenda: its rules, the caller's power, the vote and the results. */
export function VotingCard({ item, productId, kind }: { item: BallotItem; productId: number; kind: VotingKind }) {
  return (
    <section className="card p-5" aria-labelledby={`voting-${item.id}`} data-testid="voting-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`voting-${item.id}`} className="text-lg font-bold text-ink">
          {item.title}
        </h2>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
          {t(`governance.status.${item.status}`)}
        </span>
      </div>
      <PostBody html={item.body} />
      <dl className="mt-3 grid grid-cols-1 gap-1 text-xs text-ink-muted sm:grid-cols-2">
        <div>{t('governance.window', { start: formatDateTime(item.startsAt), end: formatDateTime(item.endsAt) })}</div>
        <div>{t('governance.rules', { quorum: item.quorumPercent, threshold: item.thresholdPercent })}</div>
        <div>{item.resultsVisibleBeforeClose ? t('governance.resultsLive') : t('governance.resultsAfterClose')}</div>
      </dl>
      <p className="mt-3 text-sm font-semibold text-ink" data-testid="voting-power">
        {t('governance.votingPower', { count: item.myPower, date: formatDateTime(item.snapshotAt) })}
      </p>
      <VoteForm item={item} productId={productId} kind={kind} />
      <Results item={item} />
    </section>
  );
}
