import { useEffect, useId, useState } from 'react';
import { t } from '../../../lib/i18n';
import { readPushState, turnOnPush } from '../push';

const DISMISSED_KEY = 'moa-push-offer-dismissed';

/**
 * Offers push in Moa's own words after something worth hearing back about (a first order, a
 * first vote); only "Turn on" opens the browser's prompt. It stays away when push is already
 * on, blocked or unsupported, and once dismissed on this device.
 */
export function PushOffer() {
  const [isShown, setIsShown] = useState(false);
  const [isWorking, setIsWorking] = useState(false);
  const titleId = useId();

  useEffect(() => {
    if (localStorage.getItem(DISMISSED_KEY)) return;
    void readPushState().then((state) => setIsShown(state === 'off'));
  }, []);

  if (!isShown) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
    setIsShown(false);
  };
  return (
    <aside className="card mt-6 p-5" aria-labelledby={titleId}>
      <h2 id={titleId} className="flex items-center gap-2 font-bold text-ink">
        <span className="i-lucide-bell-ring text-brand-800" aria-hidden="true" />
        {t('notifications.offer.title')}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{t('notifications.offer.body')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={isWorking}
          onClick={() => {
            setIsWorking(true);
            void turnOnPush()
              .catch(() => 'off' as const)
              .then((state) => {
                if (state !== 'off') setIsShown(false);
                setIsWorking(false);
              });
          }}
        >
          {t('notifications.offer.accept')}
        </button>
        <button type="button" className="btn-ghost" onClick={dismiss}>
          {t('notifications.offer.dismiss')}
        </button>
      </div>
    </aside>
  );
}
