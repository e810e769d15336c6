import { useState } from 'react';
import { MAX_OPTIONS, MIN_OPTIONS } from '../../../domain/limits';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { FormError } from '../../../ui/field';
import { useCreateProposal } from '../mutations';

const inputClass = 'focus-ring mt-1 block w-full rounded-lg border border-brand-200 bg-white px-3 py-2 text-base';

/** A holder with enough tokens opens a proposal; the server checks the threshold again. */
export function ProposalForm({ productId, onDone }: { productId: number; onDone: () => void }) {
  const isOnline = useIsOnline();
  const create = useCreateProposal(productId);
  const [options, setOptions] = useState(['', '']);
  const [hours, setHours] = useState('72');
  return (
    <form
      className="card space-y-3 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        create.mutate(
          {
            title: String(data.get('title') ?? ''),
            body: String(data.get('body') ?? ''),
            options: options.map((option) => option.trim()).filter(Boolean),
            endsAt: new Date(Date.now() + Number(hours) * 3_600_000).toISOString(),
            quorumPercent: Number(data.get('quorum') ?? 0),
            thresholdPercent: Number(data.get('threshold') ?? 50),
            resultsVisibleBeforeClose: data.get('live') === 'on',
          },
          { onSuccess: onDone },
        );
      }}
    >
      <h2 className="text-lg font-bold text-ink">{t('governance.newProposal')}</h2>
      <label className="block text-sm font-semibold">
        {t('governance.field.title')}
        <input name="title" required maxLength={200} className={inputClass} />
      </label>
      <label className="block text-sm font-semibold">
        {t('governance.field.body')}
        <textarea name="body" required maxLength={10000} rows={4} className={inputClass} />
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t('governance.field.options')}</legend>
        {options.map((option, index) => (
          <input
            key={index}
            aria-label={t('governance.field.option', { index: index + 1 })}
            value={option}
            required={index < MIN_OPTIONS}
            maxLength={120}
            onChange={(event) => setOptions(options.map((value, at) => (at === index ? event.target.value : value)))}
            className={inputClass}
          />
        ))}
        {options.length < MAX_OPTIONS ? (
          <button type="button" className="btn-ghost" onClick={() => setOptions([...options, ''])}>
            {t('governance.addOption')}
          </button>
        ) : null}
        <p className="text-xs text-ink-muted">{t('governance.abstainAdded')}</p>
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <label className="block text-sm font-semibold">
          {t('governance.field.hours')}
          <input
            type="number"
            min={1}
            value={hours}
            onChange={(event) => setHours(event.target.value)}
            className={inputClass}
          />
        </label>
        <label className="block text-sm font-semibold">
          {t('governance.field.quorum')}
          <input name="quorum" type="number" min={0} max={100} defaultValue={20} className={inputClass} />
        </label>
        <label className="block text-sm font-semibold">
          {t('governance.field.threshold')}
          <input name="threshold" type="number" min={1} max={100} defaultValue={50} className={inputClass} />
        </label>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input name="live" type="checkbox" className="focus-ring h-5 w-5" />
        {t('governance.field.live')}
      </label>
      {!isOnline ? <p className="text-sm text-coral-700">{t('governance.offlinePost')}</p> : null}
      <FormError message={create.error?.message} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={!isOnline || create.isPending}>
        {t('governance.openProposal')}
      </button>
    </form>
  );
}
