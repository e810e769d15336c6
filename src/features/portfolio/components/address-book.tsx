import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { walletNetworks, type WalletNetwork } from '../../../domain/portfolio';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { CodeField, Field, FormError } from '../../../ui/field';
import { useAddAddress, useRemoveAddress } from '../mutations';
import { addressesQueryOptions } from '../queries';

const networkNames: Record<WalletNetwork, string> = { ETHEREUM: 'Ethereum', POLYGON: 'Polygon', BITCOIN: 'Bitcoin' };

/** Wallet addresses checked by the server for their network; adding or removing one asks for a code. */
export function AddressBook() {
  const { data } = useQuery(addressesQueryOptions());
  const add = useAddAddress();
  const remove = useRemoveAddress();
  const isOnline = useIsOnline();
  const [label, setLabel] = useState('');
  const [network, setNetwork] = useState<WalletNetwork>('ETHEREUM');
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { label, network, address, code },
      {
        onSuccess: () => {
          toast.success(t('addresses.added'));
          setLabel('');
          setAddress('');
          setCode('');
        },
      },
    );
  };

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <section className="card p-4 sm:p-5" aria-labelledby="addresses-list">
        <h2 id="addresses-list" className="font-semibold text-ink">
          {t('addresses.title')}
        </h2>
        {data?.addresses.length ? (
          <ul className="mt-3 divide-y divide-line" data-testid="addresses">
            {data.addresses.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">
                    {item.label} · {networkNames[item.network]}
                  </p>
                  <p className="break-all font-mono text-xs text-ink-muted">{item.address}</p>
                </div>
                <button
                  type="button"
                  className="btn-ghost"
                  disabled={!isOnline || code.length !== 6 || remove.isPending}
                  title={isOnline ? t('addresses.removeCode') : t('portfolio.offlineAction')}
                  aria-label={t('addresses.remove', { label: item.label })}
                  onClick={() =>
                    remove.mutate(
                      { id: item.id, code },
                      {
                        onSuccess: () => {
                          toast.success(t('addresses.removed'));
                          setCode('');
                        },
                      },
                    )
                  }
                >
                  <span className="i-lucide-trash-2" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-muted">{t('addresses.none')}</p>
        )}
        <FormError message={remove.error?.message} />
      </section>
      <form className="card space-y-4 p-4 sm:p-5" onSubmit={onSubmit} noValidate>
        <p className="text-sm text-ink-muted">{t('addresses.intro')}</p>
        <Field label={t('addresses.label')} value={label} onChange={(event) => setLabel(event.target.value)} required />
        <label className="block text-sm font-medium text-ink">
          {t('addresses.network')}
          <select
            className="input mt-1"
            value={network}
            onChange={(event) => setNetwork(event.target.value as WalletNetwork)}
          >
            {walletNetworks.map((value) => (
              <option key={value} value={value}>
                {networkNames[value]}
              </option>
            ))}
          </select>
        </label>
        <Field
          label={t('addresses.address')}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <CodeField
          label={t('bank.code')}
          hint={t('bank.codeHint')}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <FormError message={add.error?.message} />
        <button
          type="submit"
          className="btn-primary"
          disabled={!isOnline || add.isPending}
          title={isOnline ? undefined : t('portfolio.offlineAction')}
        >
          {isOnline ? t('addresses.add') : t('portfolio.offlineAction')}
        </button>
      </form>
    </div>
  );
}
