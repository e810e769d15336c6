import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { parseMajorAmount, toMajorUnitsNumeral } from '../../../../domain/money';
import type { DistributionPreview, DistributionRequest } from '../../../../domain/operator';
import type { ProjectChoices } from '../../../../domain/operator-governance';
import { useDistributionCommit, useDistributionPreview } from '../../../../features/operator/mutations';
import { projectChoicesOptions } from '../../../../features/operator/revenue-governance';
import { formatUtcDate } from '../../../../lib/dates';
import { t } from '../../../../lib/i18n';
import { formatExactMoney, formatNumber } from '../../../../lib/money';
import { RequestError } from '../../../../lib/request-error';
import { DataTable } from './data-table';
import { QueryProblem } from './query-problem';

type Share = DistributionPreview['shares'][number];
const column = createColumnHelper<Share>();
const DAY = 86_400_000;

const today = () => new Date().toISOString().slice(0, 10);
const daysAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** One key per form: a double click, a retry or a second tab of the same form commits once. */
const newKey = () => `distribution-${crypto.randomUUID()}`;

/**
 * Revenue distributions (admins): the operator types the amount in major units, sees every
 * holder's exact share before anything is written, and commits once with the form's key. With
 * four eyes the commit is a proposal another admin approves (decision 1707).
 */
export default function RevenueScreen() {
  const projects = useQuery(projectChoicesOptions());
  const [form, setForm] = useState(0);
  return (
    <div>
      <h1 className="page-title">{t('operator.revenue.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">{t('operator.revenue.intro')}</p>
      {projects.data ? (
        <DistributionForm key={form} choices={projects.data} onAnother={() => setForm((value) => value + 1)} />
      ) : (
        <QueryProblem query={projects} />
      )}
    </div>
  );
}

function DistributionForm({ choices, onAnother }: { choices: ProjectChoices; onAnother: () => void }) {
  const id = useId();
  const [key] = useState(newKey);
  const [productId, setProductId] = useState(choices.projects[0]?.id ?? 0);
  const [amountText, setAmountText] = useState('');
  const [recordDate, setRecordDate] = useState(today);
  const [payDate, setPayDate] = useState(() => daysAfter(today(), 14));
  const [memo, setMemo] = useState('');
  const [isNew, setIsNew] = useState(false);
  const preview = useDistributionPreview();
  const commit = useDistributionCommit();
  const [previewed, setPreviewed] = useState<string | null>(null);

  const amount = amountText.trim() ? parseMajorAmount(amountText, choices.currency) : null;
  const request: DistributionRequest | null =
    productId && amount !== null && recordDate && payDate
      ? { productId, amount, recordDate, payDate, ...(memo.trim() ? { memo: memo.trim() } : {}) }
      : null;
  const requestKey = request ? JSON.stringify(request) : null;
  // The preview shown is the one of exactly what would be committed; any change asks for a new one.
  const shown = preview.data && previewed === requestKey ? preview.data : null;
  const repeats = shown ? [...shown.sameAsEarlier.map((value) => `#${value}`), ...shown.pendingSameAs] : [];
  const refusedAsRepeat = commit.error instanceof RequestError && commit.error.code === 'DISTRIBUTION_REPEATED';
  const needsNew = repeats.length > 0 || refusedAsRepeat;
  const isDone = commit.data !== undefined;
  const canCommit = shown !== null && (!needsNew || isNew) && !commit.isPending && !isDone;
  const total = shown?.shares.reduce((sum, share) => sum + share.amount, 0) ?? 0;

  const columns = [
    column.accessor((row) => row.email ?? row.userId, { id: 'holder', header: () => t('operator.revenue.holder') }),
    column.accessor('balance', {
      header: () => t('operator.revenue.tokens'),
      cell: (info) => formatNumber(info.getValue()),
    }),
    column.accessor('amount', {
      header: () => t('operator.revenue.share'),
      cell: (info) => formatExactMoney(info.getValue(), choices.currency),
    }),
  ];

  return (
    <div className="mt-6 space-y-6">
      <form
        className="card grid gap-4 p-4 sm:grid-cols-2 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!request) return;
          setPreviewed(requestKey);
          preview.mutate(request);
        }}
      >
        <fieldset disabled={isDone} className="contents">
          <label className="text-sm sm:col-span-2">
            <span className="font-semibold text-ink">{t('operator.revenue.project')}</span>
            <select
              className="input mt-1 w-full"
              value={productId}
              onChange={(event) => setProductId(Number(event.target.value))}
              required
            >
              {choices.projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name} (#{project.id})
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="font-semibold text-ink">
              {t('operator.revenue.amount', { currency: choices.currency })}
            </span>
            <input
              className="input mt-1 w-full"
              inputMode="decimal"
              autoComplete="off"
              required
              value={amountText}
              aria-invalid={amountText.trim() !== '' && amount === null}
              aria-describedby={`${id}-amount`}
              onChange={(event) => setAmountText(event.target.value)}
            />
            <span id={`${id}-amount`} className="mt-1 block text-xs text-ink-soft">
              {amountText.trim() && amount === null
                ? t('operator.revenue.amountInvalid', { currency: choices.currency })
                : amount !== null
                  ? t('operator.revenue.amountExact', { amount: formatExactMoney(amount, choices.currency) })
                  : t('operator.revenue.amountHint')}
            </span>
          </label>
          <label className="text-sm">
            <span className="font-semibold text-ink">{t('operator.revenue.memo')}</span>
            <input
              className="input mt-1 w-full"
              maxLength={300}
              value={memo}
              onChange={(event) => setMemo(event.target.value)}
            />
          </label>
          <label className="text-sm">
            <span className="font-semibold text-ink">{t('operator.revenue.recordDate')}</span>
            <input
              type="date"
              className="input mt-1 w-full"
              required
              max={today()}
              value={recordDate}
              onChange={(event) => {
                setRecordDate(event.target.value);
                if (event.target.value) setPayDate(daysAfter(event.target.value, 14));
              }}
            />
            <span className="mt-1 block text-xs text-ink-soft">{t('operator.revenue.recordDateHint')}</span>
          </label>
          <label className="text-sm">
            <span className="font-semibold text-ink">{t('operator.revenue.payDate')}</span>
            <input
              type="date"
              className="input mt-1 w-full"
              required
              min={recordDate ? daysAfter(recordDate, 1) : undefined}
              value={payDate}
              onChange={(event) => setPayDate(event.target.value)}
            />
          </label>
          <div className="sm:col-span-2">
            <button type="submit" className="btn-secondary" disabled={!request || preview.isPending}>
              {t('operator.revenue.preview')}
            </button>
          </div>
        </fieldset>
      </form>

      {preview.error && previewed === requestKey ? (
        <p role="alert" className="rounded-md bg-coral-50 p-3 text-sm text-coral-800">
          {preview.error.message}
        </p>
      ) : null}

      {shown ? (
        <section aria-labelledby={`${id}-shares`} className="space-y-4">
          <h2 id={`${id}-shares`} className="text-lg font-bold text-ink">
            {t('operator.revenue.sharesTitle', { holders: shown.holders })}
          </h2>
          <p className="text-sm text-ink-soft">
            {t('operator.revenue.sharesIntro', {
              recordAt: formatUtcDate(shown.recordAt),
              paysAt: formatUtcDate(shown.paysAt),
            })}
          </p>
          <DataTable
            label={t('operator.revenue.sharesTitle', { holders: shown.holders })}
            data={shown.shares}
            columns={columns}
            rowKey={(row) => row.userId}
            empty={t('operator.revenue.noHolders')}
            card={(row) => (
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="min-w-0 break-all font-semibold text-ink">{row.email ?? row.userId}</span>
                <span className="text-ink-soft">
                  {t('operator.revenue.tokensOf', { tokens: formatNumber(row.balance) })}
                </span>
                <span className="font-semibold">{formatExactMoney(row.amount, choices.currency)}</span>
              </div>
            )}
          />
          <p data-testid="distribution-total" className="text-sm font-semibold text-ink">
            {t('operator.revenue.total', {
              total: formatExactMoney(total, choices.currency),
              exact: toMajorUnitsNumeral(total, choices.currency),
              currency: choices.currency,
            })}
          </p>
        </section>
      ) : null}

      {shown || commit.error ? (
        <div className="card space-y-3 p-4 sm:p-6">
          {needsNew ? (
            <div className="space-y-2 rounded-md bg-gold-100 p-3 text-sm text-ink">
              <p>
                {repeats.length
                  ? t('operator.revenue.repeat', { which: repeats.join(', ') })
                  : t('operator.revenue.repeatRefused')}
              </p>
              <label className="flex items-start gap-2 font-semibold">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={isNew}
                  disabled={isDone}
                  onChange={(event) => setIsNew(event.target.checked)}
                />
                {t('operator.revenue.isNew')}
              </label>
            </div>
          ) : null}
          <button
            type="button"
            className="btn-primary"
            disabled={!canCommit}
            onClick={() => {
              if (!request) return;
              commit.mutate({ body: { ...request, ...(isNew ? { isNewDistribution: true } : {}) }, key });
            }}
          >
            {t('operator.revenue.commit')}
          </button>
          <p className="text-xs text-ink-soft">{t('operator.revenue.commitHint')}</p>
          {commit.error ? (
            <p role="alert" className="text-sm text-coral-800">
              {commit.error.message}
            </p>
          ) : null}
          {commit.data ? (
            <div role="status" data-testid="distribution-outcome" className="space-y-2 text-sm">
              {commit.data.status === 'PROPOSED' ? (
                <p className="font-semibold text-gold-700">
                  {t('operator.revenue.proposed')}{' '}
                  <Link to="/operator/$" params={{ _splat: 'approvals' }} className="underline">
                    {t('operator.revenue.toApprovals')}
                  </Link>
                </p>
              ) : (
                <p className="font-semibold text-ink">
                  {t(commit.data.distribution?.isReplay ? 'operator.revenue.replayed' : 'operator.revenue.committed', {
                    id: commit.data.distribution?.distributionId ?? '',
                    holders: commit.data.distribution?.holders ?? 0,
                    paysAt: commit.data.distribution ? formatUtcDate(commit.data.distribution.paysAt) : '',
                  })}
                </p>
              )}
              <button type="button" className="btn-ghost" onClick={onAnother}>
                {t('operator.revenue.another')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
