import { t } from '../../lib/i18n';
import { acceptInstallOffer, useInstallOffer } from './install-prompt';

/** Shown only while the browser offers installation. */
export function InstallButton({ className = '' }: { className?: string }) {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <button type="button" className={`btn-secondary ${className}`} onClick={() => void acceptInstallOffer()}>
      <span className="i-lucide-download" aria-hidden="true" />
      {t('pwa.install')}
    </button>
  );
}
