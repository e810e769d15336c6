import { useId } from 'react';
import { LOCALES, setLocale, t, useLocale, type Locale } from '../lib/i18n';

/**
 * The language picker: a native select (keyboard, screen readers and phones handle it well),
 * each language named in itself. It switches the app at once; `onChosen` lets the caller also
 * remember the choice elsewhere (the account, on the server).
 */
export function LanguageSwitch({
  onChosen,
  className = '',
  showLabel = false,
}: {
  onChosen?: (locale: Locale) => void;
  className?: string;
  /** A visible label beside the select (settings); the header keeps it for screen readers only. */
  showLabel?: boolean;
}) {
  const locale = useLocale();
  const id = useId();
  return (
    <div className={`relative flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-semibold text-ink' : 'sr-only'}>
        {t('language.label')}
      </label>
      {showLabel ? null : (
        <span
          className="i-lucide-globe pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-base text-ink-muted"
          aria-hidden="true"
        />
      )}
      <select
        id={id}
        value={locale}
        className={`focus-ring min-h-11 cursor-pointer appearance-none rounded-full bg-transparent py-2 pr-8 text-sm font-semibold text-ink ring-1 ring-inset ring-line hover:bg-brand-50 ${showLabel ? 'pl-3' : 'pl-8'}`}
        onChange={(event) => {
          const next = event.target.value as Locale;
          void setLocale(next).then(() => onChosen?.(next));
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`language.name.${option}`)}
          </option>
        ))}
      </select>
      <span
        className="i-lucide-chevron-down pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-ink-muted"
        aria-hidden="true"
      />
    </div>
  );
}
