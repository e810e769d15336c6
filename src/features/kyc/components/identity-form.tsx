import { useMutation } from '@tanstack/react-query';
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
import { submitIdentity, uploadFile } from '../mutations';
import { kycTexts } from '../texts';
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
  const countries = useMemo(() => countryOptions(), []);
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

  const send = useMutation({
    mutationFn: async () => {
      const frontId = (await uploadFile(front[0]!)).id;
      const backId = isTwoSided(documentType) ? (await uploadFile(back[0]!)).id : undefined;
      const selfieId = (await uploadFile(selfie[0]!)).id;
      return submitIdentity(
        identitySubmissionSchema.parse({
          legalName,
          dateOfBirth,
          countryOfResidence: country,
          investorType,
          ...(investorType === 'COMPANY' ? { entityName, entityNumber } : {}),
          documentType,
          frontFileId: frontId,
          ...(backId ? { backFileId: backId } : {}),
          selfieFileId: selfieId,
        }),
      );
    },
    onSuccess: onSubmitted,
  });

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
      for (const issue of details.error.issues) found[String(issue.path[0])] ??= issue.message;
    }
    if (!front.length) found.front = 'Add a photo or scan of the document.';
    if (isTwoSided(documentType) && !back.length) found.back = 'Add the back of the document.';
    if (!selfie.length) found.selfie = 'Add a selfie.';
    setErrors(found);
    if (Object.keys(found).length) return;
    send.mutate();
  };

  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-ink">Your details</legend>
        <Field
          label="Legal name"
          hint="Exactly as it is written on your document."
          autoComplete="name"
          value={legalName}
          onChange={(event) => setLegalName(event.target.value)}
          error={errors.legalName}
        />
        <Field
          label="Date of birth"
          type="date"
          autoComplete="bday"
          hint={`As on your document, entered as ${dateInputPattern()}.`}
          max={new Date().toISOString().slice(0, 10)}
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.target.value)}
          error={errors.dateOfBirth}
        />
        <div>
          <label htmlFor="kyc-country" className="block text-sm font-semibold text-ink">
            Country of residence
          </label>
          <select
            id="kyc-country"
            className="input mt-2"
            autoComplete="country"
            value={country}
            aria-invalid={errors.countryOfResidence ? true : undefined}
            onChange={(event) => setCountry(event.target.value)}
          >
            <option value="">Choose a country</option>
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
        <legend className="text-base font-semibold text-ink">You invest as</legend>
        {(['INDIVIDUAL', 'COMPANY'] as const).map((type) => (
          <label key={type} className="flex items-center gap-3 text-ink">
            <input
              type="radio"
              name="investorType"
              className="focus-ring h-5 w-5 accent-brand-800"
              checked={investorType === type}
              onChange={() => setInvestorType(type)}
            />
            {type === 'INDIVIDUAL' ? 'An individual' : 'An entity (a company, trust or fund)'}
          </label>
        ))}
        {investorType === 'COMPANY' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Registered name"
              value={entityName}
              onChange={(event) => setEntityName(event.target.value)}
              error={errors.entityName}
            />
            <Field
              label="Registration number"
              value={entityNumber}
              onChange={(event) => setEntityNumber(event.target.value)}
              error={errors.entityNumber}
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-ink">Your document</legend>
        <div>
          <label htmlFor="kyc-document" className="block text-sm font-semibold text-ink">
            Document type
          </label>
          <select
            id="kyc-document"
            className="input mt-2"
            value={documentType}
            onChange={(event) => setDocumentType(event.target.value as DocumentType)}
          >
            {documentTypes.map((type) => (
              <option key={type} value={type}>
                {kycTexts.documentTypes[type]}
              </option>
            ))}
          </select>
        </div>
        <FilePicker
          label={isTwoSided(documentType) ? 'Front of the document' : 'Photo page of the passport'}
          hint="JPEG, PNG, WebP or PDF, up to 8 MB. All four corners visible, no glare."
          accept={DOCUMENT_ACCEPT}
          files={front}
          onChange={setFront}
          error={errors.front}
        />
        {isTwoSided(documentType) ? (
          <FilePicker
            label="Back of the document"
            hint="JPEG, PNG, WebP or PDF, up to 8 MB."
            accept={DOCUMENT_ACCEPT}
            files={back}
            onChange={setBack}
            error={errors.back}
          />
        ) : null}
        <FilePicker
          label="Selfie"
          hint="A photo of your face in good light, without sunglasses or a hat. JPEG, PNG or WebP."
          accept={PHOTO_ACCEPT}
          files={selfie}
          onChange={setSelfie}
          error={errors.selfie}
        />
      </fieldset>

      <FormError message={send.error?.message} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Submit for review'}
      </button>
    </form>
  );
}
