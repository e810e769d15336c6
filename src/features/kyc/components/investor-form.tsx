import { useId, useState, type FormEvent } from 'react';
import { investorBases, type InvestorBasis, type InvestorStatusResponse } from '../../../domain/kyc';
import { FormError } from '../../../ui/field';
import { useSubmitInvestorVerification } from '../mutations';
import { t } from '../../../lib/i18n';
import { DOCUMENT_ACCEPT, FilePicker } from './file-picker';

/** The accredited-investor check: a basis, evidence and the user's own certification. */
export function InvestorForm({
  onSubmitted,
}: {
  onSubmitted: (status: InvestorStatusResponse) => void | Promise<void>;
}) {
  const detailsId = useId();
  const [basis, setBasis] = useState<InvestorBasis | null>(null);
  const [details, setDetails] = useState('');
  const [evidence, setEvidence] = useState<File[]>([]);
  const [isCertified, setIsCertified] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = useSubmitInvestorVerification({ onSuccess: onSubmitted });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!basis) found.basis = t('identity.investor.needBasis');
    if (!details.trim()) found.details = t('identity.investor.needDetails');
    if (!evidence.length) found.evidence = t('identity.investor.needEvidence');
    if (evidence.length > 5) found.evidence = t('identity.investor.tooMuchEvidence');
    if (!isCertified) found.certified = t('identity.investor.needCertify');
    setErrors(found);
    if (!Object.keys(found).length) {
      send.mutate({ statement: { basis: basis!, details: details.trim(), isSelfCertified: true }, evidence });
    }
  };

  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <fieldset className="space-y-3" aria-describedby={errors.basis ? 'basis-error' : undefined}>
        <legend className="text-base font-semibold text-ink">{t('identity.investor.basisLegend')}</legend>
        {investorBases.map((value) => (
          <label key={value} className="flex items-start gap-3 rounded-md p-2 text-ink hover:bg-paper">
            <input
              type="radio"
              name="basis"
              className="focus-ring mt-1 h-5 w-5 shrink-0 accent-brand-800"
              checked={basis === value}
              onChange={() => setBasis(value)}
            />
            <span>
              <span className="block font-semibold">{t(`identity.basis.${value}`)}</span>
              <span className="block text-sm text-ink-soft">{t(`identity.basis.${value}.hint`)}</span>
            </span>
          </label>
        ))}
        {errors.basis ? (
          <p id="basis-error" role="alert" className="text-sm font-medium text-coral-700">
            {errors.basis}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={detailsId} className="block text-sm font-semibold text-ink">
          {t('identity.investor.details')}
        </label>
        <textarea
          id={detailsId}
          className="input mt-2 min-h-24"
          maxLength={1000}
          value={details}
          aria-invalid={errors.details ? true : undefined}
          onChange={(event) => setDetails(event.target.value)}
        />
        {errors.details ? (
          <p role="alert" className="mt-2 text-sm font-medium text-coral-700">
            {errors.details}
          </p>
        ) : null}
      </div>
      <FilePicker
        label={t('identity.investor.evidence')}
        hint={t('identity.investor.evidenceHint')}
        accept={DOCUMENT_ACCEPT}
        files={evidence}
        multiple
        onChange={setEvidence}
        error={errors.evidence}
      />
      <label className="flex items-start gap-3 text-ink">
        <input
          type="checkbox"
          className="focus-ring mt-1 h-5 w-5 shrink-0 accent-brand-800"
          checked={isCertified}
          onChange={(event) => setIsCertified(event.target.checked)}
        />
        <span>{t('identity.investor.certify')}</span>
      </label>
      {errors.certified ? (
        <p role="alert" className="text-sm font-medium text-coral-700">
          {errors.certified}
        </p>
      ) : null}
      <FormError message={send.error?.message} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? t('identity.sending') : t('identity.submit')}
      </button>
    </form>
  );
}
