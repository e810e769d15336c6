import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CONTACT_MESSAGE_MAX,
  contactMessageInputSchema,
  contactTopics,
  type ContactReceipt,
} from '../../../domain/contact';
import { t, validationText } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request-error';
import { useSendContactMessage } from '../mutations';

type Field = 'name' | 'email' | 'topic' | 'message';
type FieldErrors = Partial<Record<Field, string>>;
const fields: Field[] = ['name', 'email', 'topic', 'message'];

const inputClass =
  'mt-1.5 block w-full rounded-md border border-ink-muted bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-ink-muted focus-ring aria-[invalid=true]:border-coral-700';

/** The contact form, checked here by the same schema as the server; once sent, its receipt. */
export function ContactForm() {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [messageLength, setMessageLength] = useState(0);
  const [receipt, setReceipt] = useState<(ContactReceipt & { email: string }) | null>(null);
  const send = useSendContactMessage();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = contactMessageInputSchema.safeParse(data);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= validationText(issue.message);
      }
      setErrors(next);
      setFormError(t('contact.fixErrors'));
      const first = fields.find((field) => next[field]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    send.mutate(parsed.data, {
      onSuccess: (result) => setReceipt({ ...result, email: parsed.data.email }),
      onError: (error) => {
        setFormError(error instanceof RequestError ? error.message : String(error));
      },
    });
  }

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1.5 flex items-center gap-1.5 text-sm text-coral-700">
        <span className="i-lucide-circle-alert shrink-0" aria-hidden="true" />
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="card p-6 sm:p-8">
      {receipt ? (
        <div role="status" className="text-center sm:py-6">
          <span className="i-lucide-mail-check text-5xl text-jade-600" aria-hidden="true" />
          <h2 className="mt-4 text-2xl font-bold text-ink">{t('contact.sentTitle')}</h2>
          <p className="mt-3 text-ink-soft">{t('contact.sentBody', { email: receipt.email, id: receipt.id })}</p>
          <button
            type="button"
            className="btn-secondary mt-6"
            onClick={() => {
              setReceipt(null);
              setMessageLength(0);
              send.reset();
            }}
          >
            {t('contact.another')}
          </button>
        </div>
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-describedby={`${id}-intro`} className="space-y-5">
          <p id={`${id}-intro`} className="text-ink-soft">
            {t('contact.intro')}
          </p>
          {formError ? (
            <p role="alert" className="rounded-md bg-coral-50 px-4 py-3 text-sm font-semibold text-coral-800">
              {formError}
            </p>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-name`} className="font-semibold text-ink">
                {t('contact.name')}
              </label>
              <input
                id={`${id}-name`}
                name="name"
                autoComplete="name"
                maxLength={100}
                required
                aria-invalid={Boolean(errors.name)}
                aria-describedby={describedBy('name')}
                className={inputClass}
              />
              {fieldError('name')}
            </div>
            <div>
              <label htmlFor={`${id}-email`} className="font-semibold text-ink">
                {t('contact.email')}
              </label>
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                aria-invalid={Boolean(errors.email)}
                aria-describedby={describedBy('email', `${id}-email-hint`)}
                className={inputClass}
              />
              <p id={`${id}-email-hint`} className="mt-1.5 text-sm text-ink-muted">
                {t('contact.emailHint')}
              </p>
              {fieldError('email')}
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-topic`} className="font-semibold text-ink">
              {t('contact.topic')}
            </label>
            <select
              id={`${id}-topic`}
              name="topic"
              required
              defaultValue=""
              aria-invalid={Boolean(errors.topic)}
              aria-describedby={describedBy('topic')}
              className={inputClass}
            >
              <option value="" disabled>
                {t('contact.topicPlaceholder')}
              </option>
              {contactTopics.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`contact.topic.${topic}`)}
                </option>
              ))}
            </select>
            {fieldError('topic')}
          </div>
          <div>
            <label htmlFor={`${id}-message`} className="font-semibold text-ink">
              {t('contact.message')}
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={7}
              required
              maxLength={CONTACT_MESSAGE_MAX}
              onChange={(event) => setMessageLength(event.currentTarget.value.length)}
              aria-invalid={Boolean(errors.message)}
              aria-describedby={describedBy('message', `${id}-message-hint`)}
              className={`${inputClass} resize-y`}
            />
            <p id={`${id}-message-hint`} className="mt-1.5 text-right text-sm text-ink-muted">
              {t('contact.messageHint', { count: messageLength, max: CONTACT_MESSAGE_MAX })}
            </p>
            {fieldError('message')}
          </div>
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending}>
            <span
              className={send.isPending ? 'i-lucide-loader-circle animate-spin' : 'i-lucide-send'}
              aria-hidden="true"
            />
            {send.isPending ? t('contact.sending') : t('contact.send')}
          </button>
        </form>
      )}
    </div>
  );
}
