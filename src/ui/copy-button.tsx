import { useEffect, useState } from 'react';
import { t } from '../lib/i18n';

/** Copies a string people would otherwise retype (a wallet address, a bank account); says so for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);
  return (
    <button
      type="button"
      className="focus-ring inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-full px-3 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-50"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => setIsCopied(true),
          () => undefined,
        );
      }}
    >
      <span className={isCopied ? 'i-lucide-check' : 'i-lucide-copy'} aria-hidden="true" />
      <span aria-live="polite">{isCopied ? t('copy.copied') : t('copy.copy')}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
}
