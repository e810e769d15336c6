import { useEffect, useId, useState } from 'react';
import { t } from '../../../lib/i18n';
import { FieldError } from '../../../ui/field';

export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * A preview for each chosen image, read as a data: address (the page's policy lets images come
 * from data:, and nothing has to be released afterwards).
 */
function usePreviews(files: File[]): Array<{ file: File; url: string | null }> {
  const [urls, setUrls] = useState<ReadonlyMap<File, string>>(new Map());
  useEffect(() => {
    let isCurrent = true;
    const readers = files
      .filter((file) => file.type.startsWith('image/') && typeof FileReader !== 'undefined')
      .map(
        (file) =>
          new Promise<[File, string] | null>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(typeof reader.result === 'string' ? [file, reader.result] : null);
            reader.onerror = () => resolve(null);
            reader.readAsDataURL(file);
          }),
      );
    void Promise.all(readers).then((read) => {
      if (isCurrent) setUrls(new Map(read.filter((entry): entry is [File, string] => entry !== null)));
    });
    return () => {
      isCurrent = false;
    };
  }, [files]);
  return files.map((file) => ({ file, url: urls.get(file) ?? null }));
}

/**
 * A labelled file input styled as a button: on phones the system picker offers the camera
 * (images are accepted), the chosen file is previewed and named, and its error looks like
 * every other field's.
 */
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
  const previews = usePreviews(files);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        {hint}
      </p>
      <div
        className={`mt-2 flex flex-wrap items-center gap-3 rounded-md border-2 border-dashed bg-white p-3 ${error ? 'border-coral-600' : 'border-ink-muted/40'} focus-within:(border-brand-400 border-solid)`}
      >
        <input
          id={id}
          type="file"
          accept={accept}
          multiple={multiple}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
          onChange={(event) => onChange([...(event.target.files ?? [])])}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          className="btn-secondary cursor-pointer peer-focus-visible:(ring-3 ring-brand-400 ring-offset-2)"
        >
          <span className="i-lucide-camera" />
          {files.length ? t('identity.file.chooseAnother') : t('identity.file.choose')}
        </label>
        {previews.length ? (
          <ul className="flex min-w-0 flex-1 flex-wrap gap-3">
            {previews.map(({ file, url }) => (
              <li key={`${file.name}-${file.size}`} className="flex min-w-0 items-center gap-2 text-sm text-ink-soft">
                {url ? (
                  <img src={url} alt="" className="h-14 w-14 shrink-0 rounded-md object-cover ring-1 ring-line" />
                ) : (
                  <span className="i-lucide-file-text shrink-0 text-3xl text-brand-700" aria-hidden="true" />
                )}
                <span className="min-w-0 break-all">
                  {t('identity.file.size', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-sm text-ink-muted">{t('identity.file.none')}</span>
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
