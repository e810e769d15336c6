import { t } from '../../../lib/i18n';

/** Said beside an action that is disabled because the device is offline. */
export function OfflineNote({ isOnline }: { isOnline: boolean }) {
  if (isOnline) return null;
  return (
    <p role="status" className="flex items-start gap-2 text-sm font-medium text-coral-800">
      <span className="i-lucide-wifi-off mt-0.5 shrink-0" aria-hidden="true" />
      {t('invest.offline')}
    </p>
  );
}
