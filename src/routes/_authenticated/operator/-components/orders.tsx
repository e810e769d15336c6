import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { z } from 'zod';
import { operatorRoleOf } from '../../../../domain/access';
import { orderListSorts, type OperatorOrderRow } from '../../../../domain/operator-orders';
import { orderStates, type OrderState } from '../../../../domain/order-state';
import { ordersOptions } from '../../../../features/operator/orders-queries';
import { projectsOptions } from '../../../../features/operator/queries';
import { meQueryOptions } from '../../../../features/session/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t, type MessageKey } from '../../../../lib/i18n';
import { formatExactMoney, formatNumber } from '../../../../lib/money';
import { DataTable } from './data-table';
import { FilterBar, FilterField, type FilterValue } from './filter-bar';
import { QueryProblem } from './query-problem';
import { useScreenSearch } from './use-screen-search';

/** The filters, the sorting and the page cursor, in the URL; `back` holds the earlier pages' cursors. */
const searchSchema = z.object({
  state: z.enum(orderStates).optional(),
  q: z.string().trim().max(200).optional(),
  productId: z.coerce.number().int().positive().optional(),
  sort: z.enum(orderListSorts).optional(),
  cursor: z.string().max(200).optional(),
  back: z.string().max(4000).optional(),
});
const column = createColumnHelper<OperatorOrderRow>();

const stateLabel = (state: OrderState) => t(`operator.orders.state.${state}` as MessageKey);

function StateBadge({ state }: { state: OrderState }) {
  const tone =
    state === 'PAYMENT_DECLARED'
      ? 'bg-gold-100 text-ink'
      : state === 'CONFIRMED'
        ? 'bg-brand-50 text-brand-800'
        : state === 'RESERVED' || state === 'SIGNED'
          ? 'bg-line text-ink'
          : 'bg-coral-50 text-coral-800';
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {stateLabel(state)}
    </span>
  );
}

/** What an operator can do with an order: its declared payment to confirm or reject, its person. */
function OrderLinks({ order, isAdmin }: { order: OperatorOrderRow; isAdmin: boolean }) {
  const link = 'focus-ring inline-flex min-h-11 items-center rounded font-semibold text-brand-800 underline';
  return (
    <span className="flex flex-wrap gap-x-4">
      {order.state === 'PAYMENT_DECLARED' ? (
        <Link to="/operator/$" params={{ _splat: 'payments' }} search={{ q: order.reference }} className={link}>
          {t('operator.orders.toPayment')}
        </Link>
      ) : null}
      {isAdmin ? (
        <Link to="/operator/$" params={{ _splat: `people/${order.userId}` }} className={link}>
          {t('operator.orders.toPerson')}
        </Link>
      ) : null}
    </span>
  );
}

/** Orders by state, found by reference, email or project, a page at a time (newest first by default). */
export default function OrdersScreen() {
  const [search, setSearch] = useScreenSearch(searchSchema);
  const { data: me } = useQuery(meQueryOptions());
  const isAdmin = operatorRoleOf(me) === 'ADMIN';
  const projects = useQuery(projectsOptions());
  const sort = search.sort ?? '-createdAt';
  const orders = useQuery({
    ...ordersOptions({
      state: search.state,
      q: search.q,
      productId: search.productId,
      sort: search.sort,
      cursor: search.cursor,
    }),
    placeholderData: keepPreviousData,
  });
  const earlier = search.back ? search.back.split(' ') : [];

  const apply = (value: FilterValue) => {
    const productId = Number(value('productId'));
    setSearch({
      q: value('q'),
      state: value('state') as OrderState | undefined,
      productId: Number.isInteger(productId) && productId > 0 ? productId : undefined,
      sort: value('sort') as (typeof orderListSorts)[number] | undefined,
      cursor: undefined,
      back: undefined,
    });
  };

  const columns = [
    column.accessor('reference', {
      header: () => t('operator.payments.reference'),
      enableSorting: false,
      cell: (info) => <span className="font-semibold tabular-nums">{info.getValue()}</span>,
    }),
    column.accessor('state', {
      header: () => t('operator.orders.state'),
      enableSorting: false,
      cell: (info) => <StateBadge state={info.getValue()} />,
    }),
    column.accessor((row) => row.email ?? '', {
      id: 'email',
      header: () => t('operator.payments.email'),
      enableSorting: false,
      cell: (info) => <span className="break-all">{info.getValue() || '—'}</span>,
    }),
    column.accessor('productName', { header: () => t('operator.payments.project'), enableSorting: false }),
    column.accessor('amount', {
      header: () => t('operator.payments.amount'),
      enableSorting: false,
      cell: (info) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatExactMoney(info.getValue(), info.row.original.currency)}
          <span className="block text-xs text-ink-soft">
            {t('operator.orders.tokens', { count: formatNumber(info.row.original.quantity) })}
          </span>
        </span>
      ),
    }),
    column.accessor('createdAt', {
      header: () => t('operator.orders.createdAt'),
      cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>,
    }),
    column.display({
      id: 'actions',
      header: () => t('operator.payments.actions'),
      cell: (info) => <OrderLinks order={info.row.original} isAdmin={isAdmin} />,
    }),
  ];

  return (
    <div>
      <h1 className="page-title">{t('operator.orders.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.orders.intro')}</p>
      <FilterBar
        className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-5"
        apply={{
          name: t('operator.orders.filters'),
          label: t('operator.orders.apply'),
          className: 'flex items-end sm:col-span-2 xl:col-span-5',
          onApply: apply,
          resetKey: JSON.stringify([search.q, search.state, search.productId, search.sort]),
        }}
      >
        <FilterField label={t('operator.payments.search')} className="xl:col-span-2">
          <input type="search" name="q" maxLength={200} className="input mt-1 w-full" defaultValue={search.q ?? ''} />
        </FilterField>
        <FilterField label={t('operator.orders.state')}>
          <select name="state" className="input mt-1 w-full" defaultValue={search.state ?? ''}>
            <option value="">{t('operator.orders.anyState')}</option>
            {orderStates.map((state) => (
              <option key={state} value={state}>
                {stateLabel(state)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={t('operator.payments.project')}>
          <select name="productId" className="input mt-1 w-full" defaultValue={search.productId ?? ''}>
            <option value="">{t('operator.orders.anyProject')}</option>
            {(projects.data?.projects ?? []).map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={t('operator.orders.sort')}>
          <select name="sort" className="input mt-1 w-full" defaultValue={sort}>
            <option value="-createdAt">{t('operator.orders.newest')}</option>
            <option value="createdAt">{t('operator.orders.oldest')}</option>
          </select>
        </FilterField>
      </FilterBar>
      {orders.data ? (
        <>
          <DataTable
            label={t('operator.orders.title')}
            data={orders.data.orders}
            columns={columns}
            rowKey={(row) => row.id}
            sort={[{ id: 'createdAt', desc: sort === '-createdAt' }]}
            onSortChange={(next) =>
              setSearch({
                sort: (next[0] ? !next[0].desc : sort === '-createdAt') ? 'createdAt' : '-createdAt',
                cursor: undefined,
                back: undefined,
              })
            }
            empty={t('operator.orders.empty')}
            card={(row) => (
              <div className="flex flex-col gap-1 text-sm" data-testid="operator-order">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold tabular-nums text-ink">{row.reference}</span>
                  <StateBadge state={row.state} />
                </p>
                <p className="break-all">{row.email ?? '—'}</p>
                <p className="text-ink-soft">{row.productName}</p>
                <p>
                  <span className="font-semibold">{formatExactMoney(row.amount, row.currency)}</span>
                  <span className="text-ink-soft">
                    {' · '}
                    {t('operator.orders.tokens', { count: formatNumber(row.quantity) })}
                  </span>
                </p>
                <p className="text-ink-soft">
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                </p>
                <OrderLinks order={row} isAdmin={isAdmin} />
              </div>
            )}
          />
          <nav className="mt-4 flex gap-2" aria-label={t('operator.orders.pages')}>
            <button
              type="button"
              className="btn-ghost"
              disabled={!search.cursor}
              onClick={() =>
                setSearch({
                  cursor: earlier.at(-1) || undefined,
                  back: earlier.slice(0, -1).join(' ') || undefined,
                })
              }
            >
              {t('operator.orders.previous')}
            </button>
            <button
              type="button"
              className="btn-ghost"
              disabled={!orders.data.nextCursor}
              onClick={() =>
                setSearch({
                  cursor: orders.data.nextCursor ?? undefined,
                  back: [...earlier, search.cursor ?? ''].join(' ').trim() || undefined,
                })
              }
            >
              {t('operator.orders.next')}
            </button>
          </nav>
        </>
      ) : (
        <QueryProblem query={orders} />
      )}
    </div>
  );
}
