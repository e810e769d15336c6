import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { z } from 'zod';
import type { declaredPaymentSchema } from '../../../../domain/operator';
import { usePaymentAction } from '../../../../features/operator/mutations';
import { paymentsOptions } from '../../../../features/operator/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t } from '../../../../lib/i18n';
import { formatExactMoney } from '../../../../lib/money';
import { DataTable, sortFromParam, sortToParam } from './data-table';
import { FilterBar, FilterField } from './filter-bar';
import { QueryProblem } from './query-problem';
import { useScreenSearch } from './use-screen-search';

type Payment = z.infer<typeof declaredPaymentSchema>;
const sorts = ['declaredAt', '-declaredAt', 'amount', '-amount', 'reference', '-reference'] as const;
const searchSchema = z.object({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(sorts).optional(),
});
const column = createColumnHelper<Payment>();

const matches = (payment: Payment, text: string) =>
  [payment.reference, payment.email ?? '', payment.productName, payment.payerName ?? ''].some((value) =>
    value.toLowerCase().includes(text.toLowerCase()),
  );

/** Declared payments: find by reference, email or project; confirm or reject (four eyes where due). */
export default function PaymentsScreen() {
  const payments = useQuery(paymentsOptions());
  const [search, setSearch] = useScreenSearch(searchSchema);
  const text = search.q ?? '';
  const rows = (payments.data?.payments ?? []).filter((payment) => !text || matches(payment, text));
  const columns = [
    column.accessor('reference', { header: () => t('operator.payments.reference') }),
    column.accessor((row) => row.email ?? '', { id: 'email', header: () => t('operator.payments.email') }),
    column.accessor('productName', { header: () => t('operator.payments.project'), enableSorting: false }),
    column.accessor('amount', {
      header: () => t('operator.payments.amount'),
      cell: (info) => formatExactMoney(info.getValue(), info.row.original.currency),
    }),
    column.accessor((row) => row.declaredAt ?? '', {
      id: 'declaredAt',
      header: () => t('operator.payments.declaredAt'),
      cell: (info) => (info.getValue() ? formatDateTime(info.getValue()) : '—'),
    }),
    column.display({
      id: 'actions',
      header: () => t('operator.payments.actions'),
      cell: (info) => <PaymentActions payment={info.row.original} />,
    }),
  ];
  return (
    <div>
      <h1 className="page-title">{t('operator.payments.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.payments.intro')}</p>
      <FilterBar className="mt-4 max-w-md">
        <FilterField label={t('operator.payments.search')} className="block">
          <input
            type="search"
            className="input mt-1 w-full"
            defaultValue={text}
            onChange={(event) => setSearch({ q: event.target.value })}
          />
        </FilterField>
      </FilterBar>
      {payments.data ? (
        <DataTable
          label={t('operator.payments.title')}
          data={rows}
          columns={columns}
          rowKey={(row) => row.reference}
          sort={sortFromParam(search.sort)}
          onSortChange={(sort) => setSearch({ sort: sortToParam(sort) as (typeof sorts)[number] })}
          empty={t('operator.payments.empty')}
          card={(row) => (
            <div className="space-y-1 text-sm">
              <p className="font-semibold text-ink">{row.reference}</p>
              <p>{row.email}</p>
              <p className="text-ink-soft">{row.productName}</p>
              <p className="font-semibold">{formatExactMoney(row.amount, row.currency)}</p>
              <PaymentActions payment={row} />
            </div>
          )}
        />
      ) : (
        <QueryProblem query={payments} />
      )}
    </div>
  );
}

function PaymentActions({ payment }: { payment: Payment }) {
  const confirm = usePaymentAction('confirm-payment');
  const reject = usePaymentAction('reject-payment');
  const [isRejecting, setIsRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const proposed = confirm.data?.status === 'PROPOSED' || reject.data?.status === 'PROPOSED';
  if (proposed) {
    return (
      <p role="status" className="text-sm font-semibold text-gold-700">
        {t('operator.fourEyes.waiting')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {payment.needsSecondOperator ? <p className="text-xs text-ink-soft">{t('operator.fourEyes.needed')}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate({ reference: payment.reference })}
        >
          {t(payment.needsSecondOperator ? 'operator.payments.proposeConfirm' : 'operator.payments.confirm')}
        </button>
        <button type="button" className="btn-ghost" onClick={() => setIsRejecting((open) => !open)}>
          {t('operator.payments.reject')}
        </button>
      </div>
      {isRejecting ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            reject.mutate({ reference: payment.reference, reason: reason.trim() });
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
          <button type="submit" className="btn-secondary" disabled={reject.isPending}>
            {t('operator.payments.sendReject')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
