import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { contractConsentKeys, type ContractConsentKey } from '../../../domain/order-rules';
import type { Order } from '../../../domain/orders';
import { t } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { RequestError } from '../../../lib/request-error';
import { useIsOnline } from '../../../lib/use-online';
import { Field, FormError } from '../../../ui/field';
import { useSignContract } from '../mutations';
import { contractOptions } from '../queries';
import { CopyValue } from './copy-value';
import { OfflineNote } from './offline-note';
import { SignaturePad } from './signature-pad';
import { Amount } from '../../../ui/amount';

/**
 * Step 5: the contract for this order, word for word, with the SHA-256 of that exact text. The
 * investor types their legal name and ticks each consent; a drawn signature is optional.
 */
export function SignStep({ order, onSigned }: { order: Order; onSigned: () => void }) {
  const isOnline = useIsOnline();
  const contract = useSuspenseQuery(contractOptions(order.product.id, order.id));
  const view = contract.data;
  const sign = useSignContract(order.product.id);
  const [legalName, setLegalName] = useState('');
  const [consents, setConsents] = useState<Record<ContractConsentKey, boolean>>({
    terms: false,
    risks: false,
    electronicSignature: false,
  });
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; consents?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: legalName.trim() ? undefined : t('invest.sign.nameRequired'),
      consents: contractConsentKeys.every((key) => consents[key]) ? undefined : t('invest.sign.consentsRequired'),
    };
    setErrors(next);
    if (next.name || next.consents) return;
    sign.mutate(
      {
        orderId: order.id,
        legalName: legalName.trim(),
        contractSha256: view.sha256,
        consents: { terms: true, risks: true, electronicSignature: true },
        ...(signature ? { signature } : {}),
      },
      {
        onSuccess: onSigned,
        onError: (error) => {
          // The text changed under the investor: show the new one; they read and sign again.
          if (error instanceof RequestError && error.code === 'CONTRACT_CHANGED') void contract.refetch();
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-bold text-ink">{t('invest.sign.title')}</h2>
        <p className="mt-1 text-sm text-ink-soft">{t('invest.sign.intro')}</p>
      </div>
      <section aria-labelledby="contract-title" className="rounded-lg ring-1 ring-line">
        <div className="border-b border-line p-4">
          <h3 id="contract-title" className="font-bold text-ink">
            {view.title}
          </h3>
          <p className="text-xs text-ink-muted">
            {t('invest.sign.version', { version: view.templateVersion, reference: view.reference })}
          </p>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-ink-muted">{t('invest.sign.issuer')}</dt>
              <dd className="font-semibold text-ink">{view.parties.issuer.legalName}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t('invest.sign.investor')}</dt>
              <dd className="font-semibold text-ink">{view.parties.investor.legalName}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t('invest.sign.tokens')}</dt>
              <dd className="font-semibold text-ink">
                {view.quantity} {view.token.name} × <Amount>{formatMoney(view.pricePerToken, view.currency)}</Amount>
              </dd>
            </div>
            <div>
              <dt className="text-ink-muted">{t('invest.sign.total')}</dt>
              <dd className="font-semibold text-ink">
                <Amount>{formatMoney(view.amount, view.currency)}</Amount>
              </dd>
            </div>
          </dl>
        </div>
        <div
          className="focus-ring max-h-80 overflow-y-auto whitespace-pre-wrap p-4 text-sm leading-relaxed text-ink"
          tabIndex={0}
          role="region"
          aria-label={t('invest.sign.textLabel')}
          data-testid="contract-text"
        >
          {view.terms}
        </div>
        <dl className="border-t border-line px-4">
          <CopyValue label={t('invest.sign.hash')} value={view.sha256} isMono />
        </dl>
      </section>
      {view.documents.length ? (
        <section aria-labelledby="contract-docs">
          <h3 id="contract-docs" className="font-bold text-ink">
            {t('invest.sign.documents')}
          </h3>
          <p className="text-sm text-ink-soft">{t('invest.sign.documentsIntro')}</p>
          <ul className="mt-2 space-y-2">
            {view.documents.map((doc) => (
              <li key={doc.id} className="rounded-md bg-paper p-3 text-sm">
                <a href={doc.url} className="text-link font-semibold" target="_blank" rel="noopener noreferrer">
                  {doc.name}
                </a>{' '}
                <span className="text-ink-muted">{t('invest.sign.docVersion', { version: doc.version })}</span>
                {doc.sha256 ? (
                  <span className="mt-1 block break-all font-mono text-xs text-ink-muted">SHA-256 {doc.sha256}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-5">
        <fieldset aria-describedby={errors.consents ? 'consents-error' : undefined}>
          <legend className="font-bold text-ink">{t('invest.sign.consents')}</legend>
          <div className="mt-2 space-y-2">
            {view.consents.map((consent) => (
              <label key={consent.key} className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={consents[consent.key]}
                  onChange={(event) => {
                    const next = { ...consents, [consent.key]: event.target.checked };
                    setConsents(next);
                    if (contractConsentKeys.every((key) => next[key]))
                      setErrors((current) => ({ ...current, consents: undefined }));
                  }}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-brand-800"
                />
                <span>{consent.text}</span>
              </label>
            ))}
          </div>
          {errors.consents ? (
            <p id="consents-error" role="alert" className="mt-1 text-sm font-medium text-coral-700">
              {errors.consents}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={t('invest.sign.nameLabel')}
          hint={t('invest.sign.nameHint', { name: view.parties.investor.legalName })}
          value={legalName}
          autoComplete="name"
          onChange={(event) => {
            setLegalName(event.target.value);
            if (event.target.value.trim()) setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={errors.name}
        />
        <SignaturePad onChange={setSignature} />
        <FormError message={sign.error?.message} />
        <OfflineNote isOnline={isOnline} />
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          disabled={sign.isPending || !isOnline || contract.isFetching}
        >
          <span className="i-lucide-pen-line" aria-hidden="true" />
          {sign.isPending ? t('invest.sign.signing') : t('invest.sign.submit')}
        </button>
      </form>
    </div>
  );
}
