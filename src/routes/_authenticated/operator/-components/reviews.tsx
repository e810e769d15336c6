import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { ReviewDecisionRequest } from '../../../../domain/operator';
import type { ReviewFile, ReviewKind, ReviewSubmission, WaitingReview } from '../../../../domain/operator-console';
import { formatAge } from '../../../../features/operator/format';
import { useReviewDecision } from '../../../../features/operator/mutations';
import { documentOptions, reviewOptions, reviewsOptions } from '../../../../features/operator/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t, type MessageKey } from '../../../../lib/i18n';
import { saveDownload } from '../../../../lib/save-download';
import { DataTable, sortFromParam, sortToParam } from './data-table';
import { QueryProblem } from './query-problem';
import { useScreenSearch } from './use-screen-search';
import { AuditHistory } from './audit-history';

const searchSchema = z.object({ sort: z.enum(['submittedAt', '-submittedAt', 'email', '-email']).optional() });
const column = createColumnHelper<WaitingReview>();

/** Identity and investor reviews: the queue by age (/operator/reviews), or one person's (…/<userId>). */
export default function ReviewsScreen({ rest }: { rest: string }) {
  return rest ? <ReviewDetail userId={rest} /> : <ReviewQueue />;
}

const ageOf = (iso: string | null) =>
  iso ? formatAge(Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 1000))) : '—';

function PersonLink({ review }: { review: WaitingReview }) {
  return (
    <Link
      to="/operator/$"
      params={{ _splat: `reviews/${review.userId}` }}
      className="focus-ring rounded font-semibold text-brand-800 underline"
    >
      {review.email ?? review.userId}
    </Link>
  );
}

function ReviewQueue() {
  const reviews = useQuery(reviewsOptions());
  const [search, setSearch] = useScreenSearch(searchSchema);
  const columns = [
    column.accessor((row) => row.email ?? '', {
      id: 'email',
      header: () => t('operator.reviews.person'),
      cell: (info) => <PersonLink review={info.row.original} />,
    }),
    column.accessor('kind', {
      header: () => t('operator.reviews.kind'),
      cell: (info) => t(`operator.reviews.kind.${info.getValue()}` as MessageKey),
      enableSorting: false,
    }),
    column.accessor((row) => row.legalName ?? row.basis ?? '', {
      id: 'subject',
      header: () => t('operator.reviews.details'),
      enableSorting: false,
    }),
    column.accessor((row) => row.submittedAt ?? '', {
      id: 'submittedAt',
      header: () => t('operator.reviews.waiting'),
      cell: (info) => ageOf(info.row.original.submittedAt),
      // Oldest first is the longest wait first.
      sortingFn: 'alphanumeric',
    }),
  ];
  return (
    <div>
      <h1 className="page-title">{t('operator.reviews.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.reviews.intro')}</p>
      {reviews.data ? (
        <DataTable
          label={t('operator.reviews.title')}
          data={reviews.data.reviews}
          columns={columns}
          rowKey={(row) => `${row.kind}:${row.userId}`}
          sort={sortFromParam(search.sort)}
          onSortChange={(sort) => setSearch({ sort: sortToParam(sort) as typeof search.sort })}
          empty={t('operator.reviews.empty')}
          card={(row) => (
            <div className="flex flex-col gap-1">
              <PersonLink review={row} />
              <span className="text-sm text-ink-soft">
                {t(`operator.reviews.kind.${row.kind}` as MessageKey)} · {row.legalName ?? row.basis ?? ''}
              </span>
              <span className="text-sm text-ink-soft">
                {t('operator.reviews.waiting')}: {ageOf(row.submittedAt)}
              </span>
            </div>
          )}
        />
      ) : (
        <QueryProblem query={reviews} />
      )}
    </div>
  );
}

function ReviewDetail({ userId }: { userId: string }) {
  const review = useQuery(reviewOptions(userId));
  if (!review.data) return <QueryProblem query={review} />;
  const data = review.data;
  return (
    <div>
      <Link to="/operator/$" params={{ _splat: 'reviews' }} className="focus-ring rounded text-sm text-brand-800">
        ← {t('operator.reviews.back')}
      </Link>
      <h1 className="page-title mt-2">{data.email ?? data.userId}</h1>
      {data.name ? <p className="text-ink-soft">{data.name}</p> : null}
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="submission-heading" className="card p-4">
          <h2 id="submission-heading" className="text-lg font-bold text-ink">
            {t('operator.reviews.submission')}
          </h2>
          <SubmissionFacts data={data} />
        </section>
        <section aria-labelledby="decision-heading" className="card p-4">
          <h2 id="decision-heading" className="text-lg font-bold text-ink">
            {t('operator.reviews.decision')}
          </h2>
          {data.identity && data.identity.provider === 'local' ? (
            <DecisionForm kind="IDENTITY" userId={data.userId} />
          ) : data.identity ? (
            <p className="mt-2 text-sm text-ink-soft">{t('operator.reviews.providerReadOnly')}</p>
          ) : null}
          {data.investor?.status === 'PENDING' ? <DecisionForm kind="INVESTOR" userId={data.userId} /> : null}
        </section>
      </div>
      <section aria-labelledby="documents-heading" className="mt-6">
        <h2 id="documents-heading" className="text-lg font-bold text-ink">
          {t('operator.reviews.documents')}
        </h2>
        <p className="mt-1 text-sm text-ink-soft">{t('operator.reviews.documentsAudited')}</p>
        <ul className="mt-3 grid gap-4 md:grid-cols-2">
          {data.files.map((file) => (
            <li key={file.id} className="card p-3">
              <DocumentView userId={data.userId} file={file} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="history-heading" className="mt-6">
        <h2 id="history-heading" className="text-lg font-bold text-ink">
          {t('operator.reviews.history')}
        </h2>
        <AuditHistory events={data.history} quote="message" />
      </section>
    </div>
  );
}

function SubmissionFacts({ data }: { data: ReviewSubmission }) {
  const rows: Array<[MessageKey, string | null | undefined]> = [];
  if (data.identity) {
    const identity = data.identity;
    rows.push(
      ['operator.reviews.status', `${identity.status}${identity.answer ? ` · ${identity.answer}` : ''}`],
      ['operator.reviews.legalName', identity.legalName],
      ['operator.reviews.dateOfBirth', identity.dateOfBirth],
      ['operator.reviews.country', identity.countryOfResidence],
      ['operator.reviews.investorType', identity.investorType],
      ['operator.reviews.entity', identity.entityName && `${identity.entityName} (${identity.entityNumber ?? ''})`],
      ['operator.reviews.documentType', identity.documentType],
      ['operator.reviews.submittedAt', identity.submittedAt && formatDateTime(identity.submittedAt)],
    );
  }
  if (data.investor) {
    rows.push(
      ['operator.reviews.investorStatus', data.investor.status],
      ['operator.reviews.basis', data.investor.basis],
      ['operator.reviews.basisDetails', data.investor.details],
    );
  }
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-soft">{t(label)}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The document inline: an image, or a PDF in the browser's viewer. Fetching it is an audited viewing. */
function DocumentView({ userId, file }: { userId: string; file: ReviewFile }) {
  const bytes = useQuery(documentOptions(userId, file.id));
  const label = t(`operator.reviews.file.${file.usedAs}` as MessageKey);
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-semibold text-ink">{label}</figcaption>
      {!bytes.data ? (
        <QueryProblem query={bytes} />
      ) : bytes.data.imageUrl ? (
        <img src={bytes.data.imageUrl} alt={label} className="max-h-96 w-full rounded-md bg-paper object-contain" />
      ) : (
        <button
          type="button"
          className="btn-ghost"
          onClick={() =>
            saveDownload({ blob: bytes.data.blob, filename: null, headers: new Headers() }, `${file.id}.pdf`)
          }
        >
          <span className="i-lucide-file-text" aria-hidden="true" />
          {t('operator.reviews.openPdf')}
        </button>
      )}
    </figure>
  );
}

const answers = ['GREEN', 'RED', 'HOLD'] as const;

function DecisionForm({ kind, userId }: { kind: ReviewKind; userId: string }) {
  const decide = useReviewDecision(kind, userId);
  const [answer, setAnswer] = useState<(typeof answers)[number]>('GREEN');
  const [rejectType, setRejectType] = useState<'RETRY' | 'FINAL'>('RETRY');
  const [message, setMessage] = useState('');
  const choices = kind === 'INVESTOR' ? answers.filter((choice) => choice !== 'HOLD') : answers;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    const body: ReviewDecisionRequest =
      answer === 'GREEN'
        ? { answer, ...(text ? { message: text } : {}) }
        : answer === 'RED'
          ? { answer, rejectType, message: text }
          : { answer, message: text };
    decide.mutate(body);
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-3" aria-label={t(`operator.reviews.kind.${kind}` as MessageKey)}>
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{t(`operator.reviews.kind.${kind}` as MessageKey)}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {choices.map((choice) => (
            <label key={choice} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${kind}-answer`}
                value={choice}
                checked={answer === choice}
                onChange={() => setAnswer(choice)}
              />
              {t(`operator.reviews.answer.${choice}` as MessageKey)}
            </label>
          ))}
        </div>
      </fieldset>
      {answer === 'RED' ? (
        <fieldset>
          <legend className="text-sm font-semibold text-ink">{t('operator.reviews.rejectType')}</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {(['RETRY', 'FINAL'] as const).map((type) => (
              <label key={type} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${kind}-reject`}
                  value={type}
                  checked={rejectType === type}
                  onChange={() => setRejectType(type)}
                />
                {t(`operator.reviews.reject.${type}` as MessageKey)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <label className="block text-sm">
        <span className="font-semibold text-ink">
          {t(answer === 'GREEN' ? 'operator.reviews.messageOptional' : 'operator.reviews.message')}
        </span>
        <textarea
          className="input mt-1 w-full"
          rows={3}
          maxLength={500}
          required={answer !== 'GREEN'}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </label>
      <button type="submit" className="btn-primary" disabled={decide.isPending}>
        {t('operator.reviews.send')}
      </button>
    </form>
  );
}
