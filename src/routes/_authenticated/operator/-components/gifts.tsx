import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { z } from 'zod';
import {
  giftClaimStates,
  TRACKING_MAX_LENGTH,
  type GiftClaimState,
  type OperatorGiftClaim,
} from '../../../../domain/operator-people';
import { useShipGift } from '../../../../features/operator/mutations';
import { giftsOptions } from '../../../../features/operator/people-queries';
import { formatDateTime } from '../../../../lib/dates';
import { t, type MessageKey } from '../../../../lib/i18n';
import { DataTable } from './data-table';
import { QueryProblem } from './query-problem';
import { useScreenSearch } from './use-screen-search';

const searchSchema = z.object({ state: z.enum(giftClaimStates).optional() });
const column = createColumnHelper<OperatorGiftClaim>();

/**
 * Gift claims: physical ones to ship, oldest first, marked shipped with a tracking note; those
 * shipped; and digital ones, revealed to the investor when claimed. A seller sees its projects'.
 */
export default function GiftsScreen() {
  const [search, setSearch] = useScreenSearch(searchSchema);
  const state: GiftClaimState = search.state ?? 'REQUESTED';
  const claims = useQuery(giftsOptions(state));
  const columns = [
    column.accessor('claimedAt', {
      header: () => t('operator.gifts.claimedAt'),
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.accessor('productName', { header: () => t('operator.gifts.project') }),
    column.accessor('title', { header: () => t('operator.gifts.gift') }),
    column.accessor((row) => row.email ?? '', { id: 'email', header: () => t('operator.gifts.investor') }),
    column.display({
      id: 'delivery',
      header: () => t('operator.gifts.delivery'),
      cell: (info) => <Delivery claim={info.row.original} />,
    }),
    column.display({
      id: 'actions',
      header: () => t('operator.gifts.actions'),
      cell: (info) => <ClaimAction claim={info.row.original} />,
    }),
  ];
  return (
    <div>
      <h1 className="page-title">{t('operator.gifts.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.gifts.intro')}</p>
      <div role="group" aria-label={t('operator.gifts.show')} className="mt-4 flex flex-wrap gap-2">
        {giftClaimStates.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={value === state}
            className={value === state ? 'btn-primary' : 'btn-ghost'}
            onClick={() => setSearch({ state: value === 'REQUESTED' ? undefined : value })}
          >
            {t(`operator.gifts.state.${value}` as MessageKey)}
          </button>
        ))}
      </div>
      {claims.data ? (
        <DataTable
          label={t(`operator.gifts.state.${state}` as MessageKey)}
          data={claims.data.claims}
          columns={columns}
          rowKey={(row) => row.id}
          empty={t('operator.gifts.empty')}
          card={(row) => (
            <div className="space-y-1 text-sm">
              <p className="font-semibold text-ink">{row.title}</p>
              <p className="text-ink-soft">
                {row.productName} · {formatDateTime(row.claimedAt)}
              </p>
              <p>{row.email}</p>
              <Delivery claim={row} />
              <ClaimAction claim={row} />
            </div>
          )}
        />
      ) : (
        <QueryProblem query={claims} />
      )}
    </div>
  );
}

function Delivery({ claim }: { claim: OperatorGiftClaim }) {
  if (claim.isDigital) return <span className="text-ink-soft">{t('operator.gifts.digital')}</span>;
  return (
    <address className="not-italic">
      <span className="block font-semibold">{claim.recipientName}</span>
      <span className="block break-words">{claim.deliveryAddress}</span>
      <span className="block text-ink-soft">{claim.phone}</span>
    </address>
  );
}

function ClaimAction({ claim }: { claim: OperatorGiftClaim }) {
  const ship = useShipGift();
  if (claim.state === 'REVEALED') {
    return <span className="text-sm font-semibold text-brand-800">{t('operator.gifts.revealed')}</span>;
  }
  if (claim.state === 'SHIPPED') {
    return (
      <span className="text-sm">
        {t('operator.gifts.shippedOn', { date: claim.shippedAt ? formatDateTime(claim.shippedAt) : '—' })}
        {claim.tracking ? <span className="block text-ink-soft">{claim.tracking}</span> : null}
      </span>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const tracking = new FormData(event.currentTarget).get('tracking');
        ship.mutate({ id: claim.id, tracking: typeof tracking === 'string' ? tracking.trim() : '' });
      }}
    >
      <label className="text-sm">
        <span className="font-semibold">{t('operator.gifts.tracking')}</span>
        <input className="input mt-1 w-full" name="tracking" maxLength={TRACKING_MAX_LENGTH} />
      </label>
      <button type="submit" className="btn-primary self-start" disabled={ship.isPending}>
        {t('operator.gifts.ship')}
      </button>
    </form>
  );
}
