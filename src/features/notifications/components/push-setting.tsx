import { useEffect, useId, useState } from 'react';
import { t } from '../../../lib/i18n';
import { readPushState, turnOffPush, turnOnPush, type PushState } from '../push';

/** Push on this device, with the blocked and unsupported cases said in plain words. */
export function PushSetting() {
  const [state, setState] = useState<PushState | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    void readPushState().then(setState);
  }, []);

  const change = async (turnOn: boolean) => {
    setIsWorking(true);
    setFailed(false);
    try {
      setState(turnOn ? await turnOnPush() : await turnOffPush());
    } catch {
      setFailed(true);
      setState(await readPushState());
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <section className="card p-5 sm:p-6" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-bold text-ink">
        {t('notifications.push.title')}
      </h2>
      <p id={hintId} className="mt-1 text-sm text-ink-soft">
        {t('notifications.push.hint')}
      </p>
      {state === 'unsupported' && <p className="mt-4 text-sm text-ink">{t('notifications.push.unsupported')}</p>}
      {state === 'blocked' && (
        <div role="status" className="mt-4 rounded-lg bg-coral-50 p-4 text-sm text-ink">
          <p className="font-semibold">{t('notifications.push.blockedTitle')}</p>
          <p className="mt-1">{t('notifications.push.blockedHow')}</p>
        </div>
      )}
      {(state === 'on' || state === 'off') && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="flex-1 text-sm font-semibold text-ink" aria-live="polite">
            {isWorking
              ? t('notifications.push.working')
              : state === 'on'
                ? t('notifications.push.on')
                : t('notifications.push.off')}
          </p>
          <button
            type="button"
            className={state === 'on' ? 'btn-secondary' : 'btn-primary'}
            disabled={isWorking}
            onClick={() => void change(state !== 'on')}
            aria-describedby={hintId}
          >
            <span className={state === 'on' ? 'i-lucide-bell-off' : 'i-lucide-bell-ring'} aria-hidden="true" />
            {state === 'on' ? t('notifications.push.turnOff') : t('notifications.push.turnOn')}
          </button>
        </div>
      )}
      {failed && (
        <p role="alert" className="mt-3 text-sm text-coral-700">
          {t('notifications.push.failed')}
        </p>
      )}
    </section>
  );
}
