import { useState } from 'react';
import { t } from '../../../lib/i18n';

function download(codes: string[]): void {
  const text = `${t('recovery.fileHeading')}\n${new Date().toISOString()}\n\n${codes.join('\n')}\n\n${t('recovery.fileNote')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'moa-recovery-codes.txt';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Recovery codes exist in the browser only while this panel is open: shown once, never stored. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [isCopied, setIsCopied] = useState(false);
  return (
    <div className="space-y-4">
      <ul
        className="grid grid-cols-2 gap-2 rounded-md bg-paper p-4 font-mono text-sm text-ink sm:text-base"
        aria-label={t('recovery.listLabel')}
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" onClick={() => download(codes)}>
          <span className="i-lucide-download" aria-hidden="true" />
          {t('recovery.download')}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => setIsCopied(true));
          }}
        >
          <span className={isCopied ? 'i-lucide-check' : 'i-lucide-copy'} aria-hidden="true" />
          {isCopied ? t('recovery.copied') : t('recovery.copy')}
        </button>
      </div>
    </div>
  );
}
