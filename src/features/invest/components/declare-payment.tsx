import { useState, type FormEvent } from 'react';
import type { Order } from '../../../domain/orders';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { Field, FormError } from '../../../ui/field';
import { useDeclarePayment } from '../mutations';
import { OfflineNote } from './offline-note';

/** "I have paid": the payer's name for a bank transfer, the transaction hash for crypto. */
export function DeclarePayment({ order, onDeclared }: { order: Order; onDeclared: (order: Order) => void }) {
  const isOnline = useIsOnline();
  const declare = useDeclarePayment();
  const isBank = order.payMethod.payMethodType === 'ACCOUNT';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) {
      setError(isBank ? t('invest.declare.payerRequired') : t('invest.declare.hashRequired'));
      return;
    }
    setError(null);
    declare.mutate(isBank ? { orderId: order.id, payerName: trimmed } : { orderId: order.id, txHash: trimmed }, {
      onSuccess: onDeclared,
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-line sm:p-5">
      <h2 className="text-lg font-bold text-ink">{t('invest.declare.title')}</h2>
      <p className="text-sm text-ink-soft">{t('invest.declare.intro')}</p>
      <Field
        label={isBank ? t('invest.declare.payerLabel') : t('invest.declare.hashLabel')}
        hint={isBank ? t('invest.declare.payerHint') : t('invest.declare.hashHint')}
        value={value}
        autoComplete={isBank ? 'name' : 'off'}
        spellCheck={false}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        className={isBank ? '' : '[&_input]:font-mono'}
      />
      <FormError message={declare.error?.message} />
      <OfflineNote isOnline={isOnline} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={declare.isPending || !isOnline}>
        <span className="i-lucide-badge-check" aria-hidden="true" />
        {declare.isPending ? t('invest.declare.sending') : t('invest.declare.submit')}
      </button>
    </form>
  );
}
