import { Link } from '@tanstack/react-router';
import { maySubmit, type KycStatusResponse } from '../../../domain/kyc';
import { t } from '../../../lib/i18n';

type Tone = 'wait' | 'good' | 'fix' | 'stop';

interface StateWords {
  tone: Tone;
  icon: string;
  title: string;
  body: string;
}

/** Plain words for every review status, answer and reject type (spec section 7). */
export function describeReview(
  status: Pick<KycStatusResponse, 'reviewStatus' | 'reviewAnswer' | 'rejectType'>,
): StateWords {
  switch (status.reviewStatus) {
    case 'init':
      return {
        tone: 'wait',
        icon: 'i-lucide-file-pen',
        title: t('identity.review.init.title'),
        body: t('identity.review.init.body'),
      };
    case 'pending':
      return {
        tone: 'wait',
        icon: 'i-lucide-hourglass',
        title: t('identity.review.pending.title'),
        body: t('identity.review.pending.body'),
      };
    case 'prechecked':
    case 'queued':
      return {
        tone: 'wait',
        icon: 'i-lucide-scan-search',
        title: t('identity.review.queued.title'),
        body: t('identity.review.queued.body'),
      };
    case 'onHold':
      return {
        tone: 'fix',
        icon: 'i-lucide-circle-pause',
        title: t('identity.review.onHold.title'),
        body: t('identity.review.onHold.body'),
      };
    case 'completed':
      if (status.reviewAnswer !== 'RED') {
        return {
          tone: 'good',
          icon: 'i-lucide-badge-check',
          title: t('identity.review.approved.title'),
          body: t('identity.review.approved.body'),
        };
      }
      return status.rejectType === 'RETRY'
        ? {
            tone: 'fix',
            icon: 'i-lucide-rotate-ccw',
            title: t('identity.review.retry.title'),
            body: t('identity.review.retry.body'),
          }
        : {
            tone: 'stop',
            icon: 'i-lucide-circle-x',
            title: t('identity.review.final.title'),
            body: t('identity.review.final.body'),
          };
  }
}

const toneClasses: Record<Tone, string> = {
  wait: 'bg-brand-50 text-brand-800',
  good: 'bg-jade-50 text-jade-800',
  fix: 'bg-gold-100 text-gold-700',
  stop: 'bg-coral-50 text-coral-800',
};

export function ReviewState({ status, redirect }: { status: KycStatusResponse; redirect?: string }) {
  const words = describeReview(status);
  const canResubmit = maySubmit(status);
  const isRunning = ['pending', 'prechecked', 'queued'].includes(status.reviewStatus);
  return (
    <div className="space-y-5" aria-live="polite">
      <div className="flex items-start gap-4">
        <span className={`grid h-12 w-12 shrink-0 place-items-center rounded-full ${toneClasses[words.tone]}`}>
          <span className={`${words.icon} text-2xl`} aria-hidden="true" />
        </span>
        <div>
          <h2 className="text-xl font-semibold text-ink">{words.title}</h2>
          <p className="mt-1 text-ink-soft">{words.body}</p>
        </div>
      </div>
      {status.message && (status.reviewStatus === 'onHold' || status.reviewAnswer === 'RED') ? (
        <div className="rounded-md bg-paper p-4">
          <p className="text-sm font-semibold text-ink">
            {status.reviewStatus === 'onHold' ? t('identity.stillNeeded') : t('identity.toFix')}
          </p>
          <p className="mt-1 text-ink">{status.message}</p>
        </div>
      ) : null}
      {isRunning ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <span className="i-lucide-refresh-cw animate-spin" aria-hidden="true" />
          {t('identity.review.polling')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {words.tone === 'good' ? (
          <Link to={redirect ?? '/projects'} className="btn-primary">
            {t('identity.review.continue')}
            <span className="i-lucide-arrow-right" aria-hidden="true" />
          </Link>
        ) : null}
        {canResubmit ? (
          <Link to="/auth/verify/identity" search={{ redirect }} className="btn-primary">
            {status.reviewStatus === 'init' ? t('identity.review.start') : t('identity.review.resend')}
          </Link>
        ) : null}
        {words.tone === 'stop' ? (
          <Link to="/contact-us" className="btn-primary">
            {t('identity.review.contactSupport')}
          </Link>
        ) : null}
        {words.tone !== 'good' ? (
          <Link to="/projects" className="btn-secondary">
            {t('identity.review.browseMeanwhile')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
