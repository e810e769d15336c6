import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { userRoles, type UserRole } from '../../../../domain/auth';
import type { PersonDetail, PersonSummary } from '../../../../domain/operator-people';
import { useBanAction, useRoleChange } from '../../../../features/operator/mutations';
import { peopleOptions, personOptions } from '../../../../features/operator/people-queries';
import { formatDateTime } from '../../../../lib/dates';
import { t, type MessageKey } from '../../../../lib/i18n';
import { formatExactMoney, formatNumber } from '../../../../lib/money';
import { DataTable } from './data-table';
import { QueryProblem } from './query-problem';
import { useScreenSearch } from './use-screen-search';
import { AuditHistory } from './audit-history';

const searchSchema = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
});
const column = createColumnHelper<PersonSummary>();
type Holding = PersonDetail['holdings'][number];
type Order = PersonDetail['orders'][number];
const holdingColumn = createColumnHelper<Holding>();
const orderColumn = createColumnHelper<Order>();

/** People (admins): find by email or name (/operator/people), or one person (…/<userId>). */
export default function PeopleScreen({ rest }: { rest: string }) {
  return rest ? <PersonPage userId={rest} /> : <PeopleSearch />;
}

function PersonLink({ person }: { person: Pick<PersonSummary, 'userId' | 'email'> }) {
  return (
    <Link
      to="/operator/$"
      params={{ _splat: `people/${person.userId}` }}
      className="focus-ring rounded font-semibold text-brand-800 underline"
    >
      {person.email ?? person.userId}
    </Link>
  );
}

function StateBadges({ person }: { person: Pick<PersonSummary, 'role' | 'kycStatus' | 'isBanned'> }) {
  return (
    <span className="flex flex-wrap gap-1 text-xs font-semibold">
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800">
        {t(`operator.people.role.${person.role}` as MessageKey)}
      </span>
      <span className="rounded-full bg-line px-2 py-0.5 text-ink">
        {t('operator.people.kyc')}: {person.kycStatus}
      </span>
      {person.isBanned ? (
        <span className="rounded-full bg-coral-50 px-2 py-0.5 text-coral-800">{t('operator.people.isBanned')}</span>
      ) : null}
    </span>
  );
}

function PeopleSearch() {
  const [search, setSearch] = useScreenSearch(searchSchema);
  const people = useQuery(peopleOptions({ q: search.q, cursor: search.cursor }));
  const columns = [
    column.accessor((row) => row.email ?? '', {
      id: 'email',
      header: () => t('operator.people.email'),
      cell: (info) => <PersonLink person={info.row.original} />,
    }),
    column.accessor((row) => row.name ?? '', { id: 'name', header: () => t('operator.people.name') }),
    column.display({
      id: 'state',
      header: () => t('operator.people.state'),
      cell: (info) => <StateBadges person={info.row.original} />,
    }),
    column.accessor('createdAt', {
      header: () => t('operator.people.joined'),
      cell: (info) => formatDateTime(info.getValue()),
    }),
  ];
  return (
    <div>
      <h1 className="page-title">{t('operator.people.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.people.intro')}</p>
      <form
        role="search"
        className="mt-4 flex max-w-xl flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const text = new FormData(event.currentTarget).get('q');
          setSearch({ q: typeof text === 'string' ? text.trim() : undefined, cursor: undefined });
        }}
      >
        <label className="min-w-0 flex-1 text-sm">
          <span className="font-semibold text-ink">{t('operator.people.search')}</span>
          <input type="search" name="q" className="input mt-1 w-full" maxLength={200} defaultValue={search.q ?? ''} />
        </label>
        <button type="submit" className="btn-primary">
          <span className="i-lucide-search mr-1" aria-hidden="true" />
          {t('operator.people.find')}
        </button>
      </form>
      {people.data ? (
        <>
          <DataTable
            label={t('operator.people.title')}
            data={people.data.people}
            columns={columns}
            rowKey={(row) => row.userId}
            empty={t('operator.people.empty')}
            card={(row) => (
              <div className="flex flex-col gap-1 text-sm">
                <PersonLink person={row} />
                {row.name ? <span className="text-ink-soft">{row.name}</span> : null}
                <StateBadges person={row} />
              </div>
            )}
          />
          <nav aria-label={t('operator.people.pages')} className="mt-4 flex flex-wrap gap-2">
            {search.cursor ? (
              <button type="button" className="btn-ghost" onClick={() => setSearch({ cursor: undefined })}>
                {t('operator.people.firstPage')}
              </button>
            ) : null}
            {people.data.nextCursor ? (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setSearch({ cursor: people.data.nextCursor ?? undefined })}
              >
                {t('operator.people.nextPage')}
              </button>
            ) : null}
          </nav>
        </>
      ) : (
        <QueryProblem query={people} />
      )}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="card p-4">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PersonPage({ userId }: { userId: string }) {
  const person = useQuery(personOptions(userId));
  if (!person.data) return <QueryProblem query={person} />;
  const data = person.data;
  const facts: Array<[MessageKey, string | null | undefined]> = [
    ['operator.people.name', data.name],
    ['operator.people.legalName', data.legalName],
    ['operator.people.country', data.countryOfResidence],
    ['operator.people.kyc', data.kycStatus],
    [
      'operator.people.identity',
      data.identity && `${data.identity.status}${data.identity.answer ? ` · ${data.identity.answer}` : ''}`,
    ],
    [
      'operator.people.investor',
      data.investorVerification && `${data.investorVerification.status} · ${data.investorVerification.basis}`,
    ],
    ['operator.people.joined', formatDateTime(data.createdAt)],
    ['operator.people.banReason', data.isBanned ? data.banReason : null],
  ];
  return (
    <div>
      <Link to="/operator/$" params={{ _splat: 'people' }} className="focus-ring rounded text-sm text-brand-800">
        ← {t('operator.people.back')}
      </Link>
      <h1 className="page-title mt-2 break-words" data-testid="person-email">
        {data.email ?? data.userId}
      </h1>
      <div className="mt-2">
        <StateBadges person={data} />
      </div>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Section id="identity" title={t('operator.people.identityState')}>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-ink-soft">{t(label)}</dt>
                  <dd className="break-words text-ink">{value}</dd>
                </div>
              ))}
          </dl>
        </Section>
        <Section id="account-actions" title={t('operator.people.actions')}>
          <BanForm person={data} />
          <RoleForm person={data} />
        </Section>
      </div>
      <div className="mt-6 grid gap-6">
        <Section id="holdings" title={t('operator.people.holdings')}>
          <DataTable
            label={t('operator.people.holdings')}
            data={data.holdings}
            rowKey={(row) => String(row.productId)}
            empty={t('operator.people.noHoldings')}
            columns={[
              holdingColumn.accessor('productName', { header: () => t('operator.people.project') }),
              holdingColumn.accessor('quantity', {
                header: () => t('operator.people.tokens'),
                cell: (info) => formatNumber(info.getValue()),
              }),
              holdingColumn.accessor('firstInvestedAt', {
                header: () => t('operator.people.since'),
                cell: (info) => formatDateTime(info.getValue()),
              }),
            ]}
            card={(row) => (
              <p className="text-sm">
                <span className="font-semibold">{row.productName}</span> · {formatNumber(row.quantity)}{' '}
                {t('operator.people.tokens')}
              </p>
            )}
          />
        </Section>
        <Section id="orders" title={t('operator.people.orders')}>
          <DataTable
            label={t('operator.people.orders')}
            data={data.orders}
            rowKey={(row) => row.reference}
            empty={t('operator.people.noOrders')}
            columns={[
              orderColumn.accessor('reference', { header: () => t('operator.people.reference') }),
              orderColumn.accessor('productName', { header: () => t('operator.people.project') }),
              orderColumn.accessor('state', { header: () => t('operator.people.orderState') }),
              orderColumn.accessor('amount', {
                header: () => t('operator.people.amount'),
                cell: (info) => formatExactMoney(info.getValue(), info.row.original.currency),
              }),
              orderColumn.accessor('createdAt', {
                header: () => t('operator.people.placed'),
                cell: (info) => formatDateTime(info.getValue()),
              }),
            ]}
            card={(row) => (
              <div className="space-y-1 text-sm">
                <p className="font-semibold">{row.reference}</p>
                <p>{row.productName}</p>
                <p>
                  {row.state} · {formatExactMoney(row.amount, row.currency)}
                </p>
              </div>
            )}
          />
        </Section>
        <Section id="sessions" title={t('operator.people.sessions')}>
          {data.sessions.length ? (
            <ul className="mt-3 space-y-2 text-sm">
              {data.sessions.map((session) => (
                <li key={`${session.createdAt}-${session.ip}`} className="flex flex-wrap gap-x-3">
                  <time dateTime={session.createdAt} className="text-ink-soft">
                    {formatDateTime(session.createdAt)}
                  </time>
                  <span className="font-semibold">
                    {t(session.isActive ? 'operator.people.sessionActive' : 'operator.people.sessionEnded')}
                  </span>
                  <span>{session.method}</span>
                  <span className="break-all text-ink-soft">
                    {session.ip} · {session.userAgent}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-ink-soft">{t('operator.people.noSessions')}</p>
          )}
        </Section>
        <Section id="history" title={t('operator.people.history')}>
          <AuditHistory events={data.history} quote="reason" testId="person-history" />
        </Section>
      </div>
    </div>
  );
}

function BanForm({ person }: { person: PersonDetail }) {
  const action = person.isBanned ? 'unban' : 'ban';
  const mutation = useBanAction(person.userId, action);
  // Uncontrolled fields: typing re-renders nothing; the form is read when sent.
  return (
    <form
      key={action}
      className="mt-3 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const reason = new FormData(form).get('reason');
        mutation.mutate(typeof reason === 'string' ? reason.trim() : '', { onSuccess: () => form.reset() });
      }}
    >
      <label className="text-sm">
        <span className="font-semibold">
          {t(person.isBanned ? 'operator.people.unbanReason' : 'operator.people.banReasonLabel')}
        </span>
        <input name="reason" className="input mt-1 w-full" required={!person.isBanned} maxLength={500} />
      </label>
      <button
        type="submit"
        className={person.isBanned ? 'btn-secondary self-start' : 'btn-primary self-start'}
        disabled={mutation.isPending}
      >
        {t(person.isBanned ? 'operator.people.unban' : 'operator.people.ban')}
      </button>
    </form>
  );
}

function RoleForm({ person }: { person: PersonDetail }) {
  const change = useRoleChange(person.userId);
  const approval = change.data?.status === 'PROPOSED' ? change.data.approval : null;
  return (
    <form
      className="mt-6 flex flex-col gap-2 border-t border-line pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        const role = new FormData(event.currentTarget).get('role');
        if (userRoles.includes(role as UserRole)) change.mutate(role as UserRole);
      }}
    >
      <label className="text-sm">
        <span className="font-semibold">{t('operator.people.role')}</span>
        <select name="role" className="input mt-1 w-full" defaultValue={person.role} key={person.role}>
          {userRoles.map((value) => (
            <option key={value} value={value}>
              {t(`operator.people.role.${value}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <p className="text-xs text-ink-soft">{t('operator.people.adminFourEyes')}</p>
      <button type="submit" className="btn-secondary self-start" disabled={change.isPending}>
        {t('operator.people.changeRole')}
      </button>
      {approval ? (
        <p role="status" className="rounded-md bg-gold-100 p-3 text-sm text-ink" data-testid="role-approval">
          {t('operator.people.approvalCreated', {
            summary: approval.summary,
            expiresAt: formatDateTime(approval.expiresAt),
          })}{' '}
          <Link
            to="/operator/$"
            params={{ _splat: 'approvals' }}
            className="focus-ring rounded font-semibold underline"
          >
            {t('operator.nav.approvals')}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
