import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SourceOfFunds } from '../../../domain/kyc';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { FormError } from '../../../ui/field';
import { useInvestFlow } from '../invest-flow';
import { useSetDefaultIdentity } from '../mutations';
import { purchaseIdentitiesOptions } from '../queries';
import { OfflineNote } from './offline-note';

/**
 * Step 3: whose name the tokens are bought in (the verified identities the server lists, the
 * saved default chosen first) and where the money comes from (the saved one preselected).
 */
export function IdentityStep({
  fundSources,
  onBack,
  onContinue,
}: {
  fundSources: ReadonlyArray<{ value: string; label: string }>;
  onBack: () => void;
  onContinue: () => void;
}) {
  const flow = useInvestFlow();
  const isOnline = useIsOnline();
  const { data } = useSuspenseQuery(purchaseIdentitiesOptions());
  const saveDefault = useSetDefaultIdentity();
  const savedDefault = data.list.find((identity) => identity.isDefault)?.id ?? '';
  const [identity, setIdentity] = useState(flow.selectedIdentity || savedDefault || data.list[0]?.id || '');
  const savedSource = data.defaultSourceOfFunds ?? '';
  const [source, setSource] = useState(flow.selectedSource || savedSource);
  const [isRemembered, setIsRemembered] = useState(true);
  const [errors, setErrors] = useState<{ identity?: string; source?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      identity: data.list.some((item) => item.id === identity) ? undefined : t('invest.identity.choose'),
      source: fundSources.some((item) => item.value === source) ? undefined : t('invest.identity.sourceChoose'),
    };
    setErrors(next);
    if (next.identity || next.source) return;
    if (isRemembered && (identity !== savedDefault || source !== savedSource)) {
      try {
        await saveDefault.mutateAsync({ id: identity, sourceOfFunds: source as SourceOfFunds });
      } catch {
        return;
      }
    }
    flow.update({ selectedIdentity: identity, selectedSource: source });
    onContinue();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      <fieldset aria-describedby={errors.identity ? 'identity-error' : undefined}>
        <legend className="text-xl font-bold text-ink">{t('invest.identity.title')}</legend>
        <p className="mt-1 text-sm text-ink-soft">{t('invest.identity.intro')}</p>
        <div className="mt-4 grid gap-3">
          {data.list.map((item) => (
            <label
              key={item.id}
              className={`focus-within:(ring-3 ring-brand-400) flex min-h-12 cursor-pointer items-center gap-3 rounded-lg p-4 ring-1 ring-inset ${identity === item.id ? 'bg-brand-50 ring-brand-700' : 'bg-white ring-line'}`}
            >
              <input
                type="radio"
                name="identity"
                value={item.id}
                checked={identity === item.id}
                onChange={() => setIdentity(item.id)}
                className="h-5 w-5 shrink-0 accent-brand-800"
              />
              <span className="font-semibold text-ink">{item.display}</span>
              {item.isDefault ? (
                <span className="ml-auto shrink-0 whitespace-nowrap rounded-full bg-jade-50 px-2 py-0.5 text-xs font-semibold text-jade-700">
                  {t('invest.identity.default')}
                </span>
              ) : null}
            </label>
          ))}
        </div>
        {errors.identity ? (
          <p id="identity-error" role="alert" className="mt-2 text-sm font-medium text-coral-700">
            {errors.identity}
          </p>
        ) : null}
        <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={isRemembered}
            onChange={(event) => setIsRemembered(event.target.checked)}
            className="h-5 w-5 accent-brand-800"
          />
          {t('invest.identity.remember')}
        </label>
      </fieldset>
      <div>
        <label htmlFor="fund-source" className="block text-sm font-semibold text-ink">
          {t('invest.identity.source')}
        </label>
        <p id="fund-source-hint" className="mt-1 text-sm text-ink-muted">
          {t('invest.identity.sourceHint')}
        </p>
        <select
          id="fund-source"
          className={`input mt-2 ${errors.source ? '!ring-coral-600' : ''}`}
          value={source}
          aria-invalid={errors.source ? true : undefined}
          aria-describedby={`fund-source-hint${errors.source ? ' fund-source-error' : ''}`}
          onChange={(event) => setSource(event.target.value)}
        >
          <option value="">{t('invest.identity.sourcePlaceholder')}</option>
          {fundSources.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
        {errors.source ? (
          <p id="fund-source-error" role="alert" className="mt-2 text-sm font-medium text-coral-700">
            {errors.source}
          </p>
        ) : null}
      </div>
      <FormError message={saveDefault.error?.message} />
      <OfflineNote isOnline={isOnline} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={saveDefault.isPending || !isOnline}>
          {t('invest.continue')}
          <span className="i-lucide-arrow-right" aria-hidden="true" />
        </button>
        <button type="button" className="btn-ghost" onClick={onBack}>
          {t('invest.back')}
        </button>
      </div>
    </form>
  );
}
