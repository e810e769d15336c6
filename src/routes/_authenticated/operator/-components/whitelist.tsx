import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { z } from 'zod';
import { operatorRoleOf } from '../../../../domain/access';
import type { whitelistRequestListSchema } from '../../../../domain/operator';
import { formatAge } from '../../../../features/operator/format';
import { useWhitelistAnswer } from '../../../../features/operator/mutations';
import { whitelistOptions } from '../../../../features/operator/orders-queries';
import { meQueryOptions } from '../../../../features/session/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t } from '../../../../lib/i18n';
import { DataTable, sortFromParam, sortToParam } from './data-table';
import { FilterBar, FilterField } from './filter-bar';
import { QueryProblem } from './query-problem';
import { useScreenSearch } from './use-screen-search';

type Request = z.infer<typeof whitelistRequestListSchema>['requests'][number];
const sorts = ['requestedAt', '-requestedAt', 'email', '-email', 'productName', '-productName'] as const;
const searchSchema = z.object({
  q: z.string().trim().max(200).optional(),
  productId: z.coerce.number().int().positive().optional(),
  sort: z.enum(sorts).optional(),
});
const column = createColumnHelper<Request>();
const keyOf = (request: Request) => `${request.productId}:${request.userId}`;

/** How long a request has waited, from the moment the page drew it. */
function Age({ at }: { at: string }) {
  const [now] = useState(() => Date.now());
  return (
    <time dateTime={at} title={formatDateTime(at)} className="whitespace-nowrap">
      {t('operator.whitelist.waited', { age: formatAge(Math.max(0, Math.floor((now - Date.parse(at)) / 1000))) })}
    </time>
  );
}

/** Access requests to restricted projects, oldest first: allow, or decline with a reason. */
export default function WhitelistScreen() {
  const requests = useQuery(whitelistOptions());
  const { data: me } = useQuery(meQueryOptions());
  const isAdmin = operatorRoleOf(me) === 'ADMIN';
  const [search, setSearch] = useScreenSearch(searchSchema);
  const text = (search.q ?? '').toLowerCase();
  const all = requests.data?.requests ?? [];
  const projects = [...new Map(all.map((request) => [request.productId, request.productName])).entries()];
  const rows = all.filter(
    (request) =>
      (!search.productId || request.productId === search.productId) &&
      (!text || (request.email ?? '').toLowerCase().includes(text)),
  );

  const person = (request: Request) =>
    isAdmin ? (
      <Link
        to="/operator/$"
        params={{ _splat: `people/${request.userId}` }}
        className="focus-ring rounded font-semibold text-brand-800 underline break-all"
      >
        {request.email ?? request.userId}
      </Link>
    ) : (
      <span className="font-semibold break-all">{request.email ?? request.userId}</span>
    );

  const columns = [
    column.accessor((row) => row.email ?? '', {
      id: 'email',
      header: () => t('operator.whitelist.person'),
      cell: (info) => person(info.row.original),
    }),
    column.accessor('productName', { header: () => t('operator.payments.project') }),
    column.accessor('requestedAt', {
      header: () => t('operator.whitelist.requestedAt'),
      cell: (info) => <Age at={info.getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: () => t('operator.payments.actions'),
      cell: (info) => <Answer request={info.row.original} />,
    }),
  ];

  return (
    <div>
      <h1 className="page-title">{t('operator.whitelist.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.whitelist.intro')}</p>
      <FilterBar className="mt-4 grid max-w-2xl gap-3 sm:grid-cols-2">
        <FilterField label={t('operator.whitelist.search')}>
          <input
            type="search"
            className="input mt-1 w-full"
            maxLength={200}
            defaultValue={search.q ?? ''}
            onChange={(event) => setSearch({ q: event.target.value })}
          />
        </FilterField>
        <FilterField label={t('operator.payments.project')}>
          <select
            className="input mt-1 w-full"
            value={search.productId ?? ''}
            onChange={(event) => setSearch({ productId: Number(event.target.value) || undefined })}
          >
            <option value="">{t('operator.orders.anyProject')}</option>
            {projects.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      {requests.data ? (
        <DataTable
          label={t('operator.whitelist.title')}
          data={rows}
          columns={columns}
          rowKey={keyOf}
          sort={sortFromParam(search.sort ?? 'requestedAt')}
          onSortChange={(sort) => setSearch({ sort: sortToParam(sort) as (typeof sorts)[number] | undefined })}
          empty={t('operator.whitelist.empty')}
          card={(row) => (
            <div className="flex flex-col gap-1 text-sm" data-testid="whitelist-request">
              {person(row)}
              <p className="text-ink">{row.productName}</p>
              <p className="text-ink-soft">
                <Age at={row.requestedAt} />
              </p>
              <Answer request={row} />
            </div>
          )}
        />
      ) : (
        <QueryProblem query={requests} />
      )}
    </div>
  );
}

function Answer({ request }: { request: Request }) {
  const answer = useWhitelistAnswer();
  const [isDeclining, setIsDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const who = request.email ?? request.userId;
  return (
    <div className="mt-1 flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={answer.isPending}
          aria-label={t('operator.whitelist.allowWho', { who, project: request.productName })}
          onClick={() => answer.mutate({ productId: request.productId, userId: request.userId, answer: 'allow' })}
        >
          <span className="i-lucide-check mr-1" aria-hidden="true" />
          {t('operator.whitelist.allow')}
        </button>
        <button
          type="button"
          className="btn-ghost"
          aria-expanded={isDeclining}
          aria-label={t('operator.whitelist.declineWho', { who, project: request.productName })}
          onClick={() => setIsDeclining((open) => !open)}
        >
          {t('operator.whitelist.decline')}
        </button>
      </div>
      {isDeclining ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            answer.mutate({
              productId: request.productId,
              userId: request.userId,
              answer: 'decline',
              reason: reason.trim(),
            });
          }}
        >
          <label className="text-sm">
            <span className="font-semibold">{t('operator.reason')}</span>
            <input
              className="input mt-1 w-full"
              required
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <button type="submit" className="btn-secondary" disabled={answer.isPending || !reason.trim()}>
            {t('operator.whitelist.sendDecline')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
