import { useEffect, useState, type ReactNode } from 'react';
import { t } from '../../../lib/i18n';

/**
 * One payment detail (amount, account, address, reference) with its own copy button, so a
 * transfer can be filled in without retyping. Copying works offline; it needs no network.
 */
export function CopyValue({
  label,
  value,
  display,
  isMono = false,
}: {
  label: string;
  value: string;
  display?: ReactNode;
  isMono?: boolean;
}) {
  const [isCopied, setIsCopied] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setIsCopied(false), 2500);
    return () => window.clearTimeout(timer);
  }, [isCopied]);
  return (
    <div className="flex items-center gap-3 py-3">
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 flex-1">
        <span aria-hidden="true" className="block text-xs font-semibold uppercase tracking-wide text-ink-muted">
          {label}
        </span>
        <span
          className={`block font-semibold text-ink ${isMono ? 'break-all font-mono text-sm' : 'break-words text-base'}`}
        >
          {display ?? value}
        </span>
      </dd>
      <button
        type="button"
        className="btn-secondary !min-h-11 shrink-0 !px-3"
        aria-label={t('invest.copyLabel', { label })}
        onClick={() => {
          setHasFailed(false);
          const clipboard = navigator.clipboard as Clipboard | undefined;
          if (!clipboard) {
            setHasFailed(true);
            return;
          }
          clipboard.writeText(value).then(
            () => setIsCopied(true),
            () => setHasFailed(true),
          );
        }}
      >
        <span className={isCopied ? 'i-lucide-check' : 'i-lucide-copy'} aria-hidden="true" />
        <span aria-live="polite">
          {isCopied ? t('invest.copied') : hasFailed ? t('invest.copyFailed') : t('invest.copy')}
        </span>
      </button>
    </div>
  );
}
