import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { Field, FormError } from '../../../ui/field';
import { useClaimGift } from '../mutations';
import { giftCheckQueryOptions } from '../queries';

/** The gift a holding reaches, its claim (with a delivery address for a physical one) and its state. */
export function GiftClaim({ productId }: { productId: number }) {
  const { data, error } = useQuery(giftCheckQueryOptions(productId));
  const claim = useClaimGift();
  const isOnline = useIsOnline();
  const [recipientName, setRecipientName] = useState('');
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
  // A failed refresh (offline) keeps the saved check on screen; the error shows only when there is none.
  if (!data) return error ? <FormError message={error.message} /> : null;
  const gift = data.availableGift;
  const existing = data.claim;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!gift) return;
    claim.mutate(
      {
        productId,
        giftId: gift.id,
        delivery: gift.isDigital ? undefined : { recipientName, address, phone },
      },
      { onSuccess: () => toast.success(t('gift.claimed')) },
    );
  };

  return (
    <div className="card mt-6 max-w-2xl space-y-4 p-5 sm:p-6">
      <p className="text-ink-soft">{t('gift.holding', { count: data.holding, project: data.productName })}</p>
      {existing ? (
        <div role="status" data-testid="gift-claim">
          <p className="font-semibold text-ink">{existing.gift.title}</p>
          <p className="mt-1 text-sm text-ink-muted">{t(`gift.state.${existing.state}`)}</p>
          {existing.reveal ? (
            <p className="mt-3 rounded-lg bg-brand-50 p-3">
              <span className="font-semibold">{t('gift.reveal')}: </span>
              {existing.reveal}
            </p>
          ) : null}
          {existing.tracking ? (
            <p className="mt-1 text-sm">{t('gift.tracking', { tracking: existing.tracking })}</p>
          ) : null}
        </div>
      ) : gift ? (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <div>
            <p className="eyebrow">{t('gift.offer')}</p>
            <p className="mt-1 text-lg font-semibold text-ink">{gift.title}</p>
            <p className="text-sm text-ink-muted">{gift.description}</p>
            <p className="text-xs text-ink-muted">{t('gift.needs', { count: gift.limitQuantity })}</p>
          </div>
          {gift.isDigital ? null : (
            <>
              <Field
                label={t('gift.recipient')}
                value={recipientName}
                onChange={(event) => setRecipientName(event.target.value)}
                autoComplete="name"
                required
              />
              <Field
                label={t('gift.address')}
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                autoComplete="street-address"
                required
              />
              <Field
                label={t('gift.phone')}
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                autoComplete="tel"
                inputMode="tel"
                required
              />
            </>
          )}
          <FormError message={claim.error?.message} />
          <button
            type="submit"
            className="btn-primary"
            disabled={!isOnline || claim.isPending}
            title={isOnline ? undefined : t('portfolio.offlineAction')}
          >
            {isOnline ? t('gift.claim') : t('portfolio.offlineAction')}
          </button>
        </form>
      ) : (
        <p className="text-ink-muted">{t('gift.none')}</p>
      )}
    </div>
  );
}
