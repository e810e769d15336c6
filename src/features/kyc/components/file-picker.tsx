import { useId } from 'react';

export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** A labelled file input that names the chosen file, so the choice is visible and announced. */
export function FilePicker({
  label,
  hint,
  accept,
  files,
  multiple = false,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  accept: string;
  files: File[];
  multiple?: boolean;
  error?: string | null;
  onChange: (files: File[]) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        {hint}
      </p>
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        className="input mt-2 text-sm"
        onChange={(event) => onChange([...(event.target.files ?? [])])}
      />
      {files.length ? (
        <p className="mt-1 text-sm text-ink-soft">
          {files.map((file) => `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)`).join(', ')}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-coral-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
