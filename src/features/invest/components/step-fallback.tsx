import { t } from '../../../lib/i18n';
import { Spinner } from '../../../ui/spinner';

/** What a step shows while its data loads. */
export function StepFallback() {
  return (
    <div className="grid place-items-center py-12" role="status">
      <Spinner />
      <span className="sr-only">{t('loading.label')}</span>
    </div>
  );
}
