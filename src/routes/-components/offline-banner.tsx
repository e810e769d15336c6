import { formatDateTime } from '../../lib/moments';
import { t } from '../../lib/i18n';
import { useOfflineSnapshot } from '../../lib/offline';

/**
 * The one offline banner, under the header: says the app is offline and when the data on screen
 * was saved. It goes away by itself once the connection is back and the page has refreshed.
 */
export function OfflineBanner() {
  const { isOffline, savedAt } = useOfflineSnapshot();
  if (!isOffline) return null;
  return (
    <div role="status" data-testid="offline-banner" className="border-b border-gold-500/40 bg-gold-100 text-ink">
      <p className="container flex items-start gap-2 py-2.5 text-sm">
        <span className="i-lucide-cloud-off mt-0.5 shrink-0 text-gold-700" aria-hidden="true" />
        <span>{savedAt === null ? t('offline.bannerNoData') : <SavedAt savedAt={savedAt} />}</span>
      </p>
    </div>
  );
}

/** The sentence with its date as a machine-readable <time>, wherever the language puts it. */
function SavedAt({ savedAt }: { savedAt: number }) {
  const [before = '', after = ''] = t('offline.banner', { date: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <time dateTime={new Date(savedAt).toISOString()} className="font-semibold">
        {formatDateTime(savedAt)}
      </time>
      {after}
    </>
  );
}
