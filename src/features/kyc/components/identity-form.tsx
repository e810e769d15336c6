import { useMemo, useState, type FormEvent } from 'react';
import {
  documentTypes,
  identitySubmissionSchema,
  isTwoSided,
  type DocumentType,
  type KycStatusResponse,
} from '../../../domain/kyc';
import { dateInputPattern } from '../../../lib/dates';
import { Field, FieldError, FormError } from '../../../ui/field';
import { countryOptions } from '../countries';
import { useSubmitIdentity } from '../mutations';
import { getLocale, t, validationText } from '../../../lib/i18n';
import { DOCUMENT_ACCEPT, FilePicker, PHOTO_ACCEPT } from './file-picker';

type Errors = Partial<Record<string, string>>;

/** The local provider's form: details, the document's sides and a selfie, uploaded then submitted. */
export function IdentityForm({
  previous,
  onSubmitted,
}: {
  previous: KycStatusResponse['submission'];
  onSubmitted: (status: KycStatusResponse) => void | Promise<void>;
}) {
  const countries = useMemo(() => countryOptions(getLocale()), []);
  const [legalName, setLegalName] = useState(previous?.legalName ?? '');
  const [dateOfBirth, setDateOfBirth] = useState(previous?.dateOfBirth ?? '');
  const [country, setCountry] = useState(previous?.countryOfResidence ?? '');
  const [investorType, setInvestorType] = useState<'INDIVIDUAL' | 'COMPANY'>(previous?.investorType ?? 'INDIVIDUAL');
  const [entityName, setEntityName] = useState(previous?.entityName ?? '');
  const [entityNumber, setEntityNumber] = useState(previous?.entityNumber ?? '');
  const [documentType, setDocumentType] = useState<DocumentType>(previous?.documentType ?? 'PASSPORT');
  const [front, setFront] = useState<File[]>([]);
  const [back, setBack] = useState<File[]>([]);
  const [selfie, setSelfie] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const send = useSubmitIdentity({ onSuccess: onSubmitted });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    // Checked here for quick answers; the server checks everything again.
    const details = identitySubmissionSchema.safeParse({
      legalName,
      dateOfBirth,
      countryOfResidence: country,
      investorType,
      ...(investorType === 'COMPANY'
        ? { entityName: entityName || undefined, entityNumber: entityNumber || undefined }
        : {}),
      documentType,
      frontFileId: '00000000-0000-4000-8000-000000000000',
      backFileId: '00000000-0000-4000-8000-000000000001',
      selfieFileId: '00000000-0000-4000-8000-000000000002',
    });
    if (!details.success) {
      for (const issue of details.error.issues) found[String(issue.path[0])] ??= validationText(issue.message);
    }
    if (!front.length) found.front = t('identity.form.needFront');
    if (isTwoSided(documentType) && !back.length) found.back = t('identity.form.needBack');
    if (!selfie.length) found.selfie = t('identity.form.needSelfie');
    setErrors(found);
    if (Object.keys(found).length) return;
    send.mutate({
      details: {
        legalName,
        dateOfBirth,
        countryOfResidence: country,
        investorType,
        ...(investorType === 'COMPANY' ? { entityName, entityNumber } : {}),
        documentType,
      },
      front: front[0]!,
      back: isTwoSided(documentType) ? back[0] : undefined,
      selfie: selfie[0]!,
    });
  };

  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-ink">{t('identity.form.details')}</legend>
        <Field
          label={t('identity.form.legalName')}
          hint={t('identity.form.legalNameHint')}
          autoComplete="name"
          value={legalName}
          onChange={(event) => setLegalName(event.target.value)}
          error={errors.legalName}
        />
        <Field
          label={t('identity.form.dateOfBirth')}
          type="date"
          autoComplete="bday"
          hint={t('identity.form.dateOfBirthHint', { pattern: dateInputPattern() })}
          max={new Date().toISOString().slice(0, 10)}
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.target.value)}
          error={errors.dateOfBirth}
        />
        <div>
          <label htmlFor="kyc-country" className="block text-sm font-semibold text-ink">
            {t('identity.form.country')}
          </label>
          <select
            id="kyc-country"
            className="input mt-2"
            autoComplete="country"
            value={country}
            aria-invalid={errors.countryOfResidence ? true : undefined}
            onChange={(event) => setCountry(event.target.value)}
          >
            <option value="">{t('identity.form.chooseCountry')}</option>
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
          <FieldError message={errors.countryOfResidence} />
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-ink">{t('identity.form.investAs')}</legend>
        {(['INDIVIDUAL', 'COMPANY'] as const).map((type) => (
          <label key={type} className="flex items-center gap-3 text-ink">
            <input
              type="radio"
              name="investorType"
              className="focus-ring h-5 w-5 accent-brand-800"
              checked={investorType === type}
              onChange={() => setInvestorType(type)}
            />
            {type === 'INDIVIDUAL' ? t('identity.form.individual') : t('identity.form.company')}
          </label>
        ))}
        {investorType === 'COMPANY' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('identity.form.entityName')}
              value={entityName}
              onChange={(event) => setEntityName(event.target.value)}
              error={errors.entityName}
            />
            <Field
              label={t('identity.form.entityNumber')}
              value={entityNumber}
              onChange={(event) => setEntityNumber(event.target.value)}
              error={errors.entityNumber}
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-ink">{t('identity.form.document')}</legend>
        <div>
          <label htmlFor="kyc-document" className="block text-sm font-semibold text-ink">
            {t('identity.form.documentType')}
          </label>
          <select
            id="kyc-document"
            className="input mt-2"
            value={documentType}
            onChange={(event) => setDocumentType(event.target.value as DocumentType)}
          >
            {documentTypes.map((type) => (
              <option key={type} value={type}>
                {t(`identity.document.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <FilePicker
          label={isTwoSided(documentType) ? t('identity.form.front') : t('identity.form.passportPage')}
          hint={t('identity.form.frontHint')}
          accept={DOCUMENT_ACCEPT}
          files={front}
          onChange={setFront}
          error={errors.front}
        />
        {isTwoSided(documentType) ? (
          <FilePicker
            label={t('identity.form.back')}
            hint={t('identity.form.backHint')}
            accept={DOCUMENT_ACCEPT}
            files={back}
            onChange={setBack}
            error={errors.back}
          />
        ) : null}
        <FilePicker
          label={t('identity.form.selfie')}
          hint={t('identity.form.selfieHint')}
          accept={PHOTO_ACCEPT}
          files={selfie}
          onChange={setSelfie}
          error={errors.selfie}
        />
      </fieldset>

      <FormError message={send.error?.message} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? t('identity.sending') : t('identity.submit')}
      </button>
    </form>
  );
}
