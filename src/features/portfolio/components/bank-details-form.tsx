import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { CodeField, Field, FormError } from '../../../ui/field';
import { useSaveBankDetails } from '../mutations';
import { bankDetailsQueryOptions } from '../queries';

/** The payout account: shown masked; adding or changing it asks for a current authenticator code. */
export function BankDetailsForm() {
  const { data } = useQuery(bankDetailsQueryOptions());
  const save = useSaveBankDetails();
  const isOnline = useIsOnline();
  const [bankName, setBankName] = useState('');
  const [holderName, setHolderName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { bankName, holderName, accountNumber, code },
      {
        onSuccess: () => {
          toast.success(t('bank.saved'));
          setAccountNumber('');
          setCode('');
        },
      },
    );
  };

  const current = data?.bankDetails;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <section className="card p-4 sm:p-5" aria-labelledby="bank-current">
        <h2 id="bank-current" className="font-semibold text-ink">
          {t('bank.current')}
        </h2>
        {current ? (
          <dl className="mt-3 space-y-1 text-sm" data-testid="bank-current">
            <div>
              <dt className="inline text-ink-muted">{t('bank.bankName')}: </dt>
              <dd className="inline">{current.bankName}</dd>
            </div>
            <div>
              <dt className="inline text-ink-muted">{t('bank.holderName')}: </dt>
              <dd className="inline">{current.holderName}</dd>
            </div>
            <div>
              <dt className="inline text-ink-muted">{t('bank.accountNumber')}: </dt>
              <dd className="inline tabular-nums">{current.maskedNumber}</dd>
            </div>
            <p className="text-xs text-ink-muted">{t('bank.updated', { date: formatDate(current.updatedAt) })}</p>
          </dl>
        ) : (
          <p className="mt-3 text-ink-muted">{t('bank.none')}</p>
        )}
      </section>
      <form className="card space-y-4 p-4 sm:p-5" onSubmit={onSubmit} noValidate>
        <p className="text-sm text-ink-muted">{t('bank.intro')}</p>
        <Field
          label={t('bank.bankName')}
          value={bankName}
          onChange={(event) => setBankName(event.target.value)}
          autoComplete="off"
          required
        />
        <Field
          label={t('bank.holderName')}
          value={holderName}
          onChange={(event) => setHolderName(event.target.value)}
          autoComplete="name"
          required
        />
        <Field
          label={t('bank.accountNumber')}
          value={accountNumber}
          onChange={(event) => setAccountNumber(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          required
        />
        <CodeField
          label={t('bank.code')}
          hint={t('bank.codeHint')}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <FormError message={save.error?.message} />
        <button
          type="submit"
          className="btn-primary"
          disabled={!isOnline || save.isPending}
          title={isOnline ? undefined : t('portfolio.offlineAction')}
        >
          {isOnline ? t('bank.save') : t('portfolio.offlineAction')}
        </button>
      </form>
    </div>
  );
}
