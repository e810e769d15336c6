import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { keepCodeDigits } from '../domain/codes';
import { CODE_LENGTH } from '../domain/limits';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

/** A labelled input whose hint and error are announced with it. */
export function Field({ label, hint, error, className = '', ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`input mt-2 ${error ? '!ring-coral-600' : ''}`}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Every field's error looks and reads the same: an icon and the message, announced when it appears. */
export function FieldError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-2 flex items-start gap-1.5 text-sm font-medium text-coral-700">
      <span className="i-lucide-circle-alert mt-0.5 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

/** The six-digit code input: numeric keyboard, one-time-code autofill, digits only. */
export function CodeField(props: Omit<FieldProps, 'inputMode' | 'pattern' | 'maxLength'> & { value: string }) {
  return (
    <Field
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`[0-9]{${CODE_LENGTH}}`}
      maxLength={CODE_LENGTH}
      spellCheck={false}
      {...props}
      className={props.className}
      onChange={(event) => {
        event.target.value = keepCodeDigits(event.target.value);
        props.onChange?.(event);
      }}
      style={{ letterSpacing: '0.35em', fontVariantNumeric: 'tabular-nums' }}
    />
  );
}

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md bg-coral-50 px-4 py-3 text-sm font-medium text-coral-800"
    >
      <span className="i-lucide-circle-alert mt-0.5 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}
