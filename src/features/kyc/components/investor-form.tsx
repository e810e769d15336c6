import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { investorBases, type InvestorBasis, type InvestorStatusResponse } from '../../../domain/kyc';
import { FormError } from '../../../ui/field';
import { submitInvestorVerification, uploadFile } from '../mutations';
import { kycTexts } from '../texts';
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

  const send = useMutation({
    mutationFn: async () => {
      const ids: string[] = [];
      for (const file of evidence) ids.push((await uploadFile(file)).id);
      return submitInvestorVerification({
        basis: basis!,
        details: details.trim(),
        evidenceFileIds: ids,
        isSelfCertified: true,
      });
    },
    onSuccess: onSubmitted,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!basis) found.basis = 'Choose how you qualify.';
    if (!details.trim()) found.details = 'Say briefly what your evidence shows.';
    if (!evidence.length) found.evidence = 'Add at least one document as evidence.';
    if (evidence.length > 5) found.evidence = 'Add at most five documents.';
    if (!isCertified) found.certified = 'Confirm that the statement is true.';
    setErrors(found);
    if (!Object.keys(found).length) send.mutate();
  };

  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <fieldset className="space-y-3" aria-describedby={errors.basis ? 'basis-error' : undefined}>
        <legend className="text-base font-semibold text-ink">I qualify on the basis of</legend>
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
              <span className="block font-semibold">{kycTexts.bases[value].label}</span>
              <span className="block text-sm text-ink-soft">{kycTexts.bases[value].hint}</span>
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
          What your evidence shows
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
        label="Evidence"
        hint="Tax returns, a bank or broker statement, a CPA or lawyer’s letter, or a licence. Up to five files: JPEG, PNG, WebP or PDF."
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
        <span>
          I certify that I am an accredited investor on the basis chosen above, and that the evidence is true and
          current.
        </span>
      </label>
      {errors.certified ? (
        <p role="alert" className="text-sm font-medium text-coral-700">
          {errors.certified}
        </p>
      ) : null}
      <FormError message={send.error?.message} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Submit for review'}
      </button>
    </form>
  );
}
