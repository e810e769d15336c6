import { Link } from '@tanstack/react-router';
import { maySubmit, type KycStatusResponse } from '../../../domain/kyc';

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
        title: 'Not started yet',
        body: 'You have not sent your identity check. It takes about five minutes.',
      };
    case 'pending':
      return {
        tone: 'wait',
        icon: 'i-lucide-hourglass',
        title: 'Submitted and waiting for review',
        body: 'We have your documents. A reviewer looks at them soon, usually within one business day. This page updates by itself.',
      };
    case 'prechecked':
    case 'queued':
      return {
        tone: 'wait',
        icon: 'i-lucide-scan-search',
        title: 'In review',
        body: 'Your documents passed the first checks and are with a reviewer now. This page updates by itself.',
      };
    case 'onHold':
      return {
        tone: 'fix',
        icon: 'i-lucide-circle-pause',
        title: 'On hold: we need something more',
        body: 'Your review is paused until we have what is missing. Read the note below and send it.',
      };
    case 'completed':
      if (status.reviewAnswer !== 'RED') {
        return {
          tone: 'good',
          icon: 'i-lucide-badge-check',
          title: 'Approved',
          body: 'Your identity is verified. Projects, investing and governance are open to you.',
        };
      }
      return status.rejectType === 'RETRY'
        ? {
            tone: 'fix',
            icon: 'i-lucide-rotate-ccw',
            title: 'Something needs fixing',
            body: 'We could not approve your check as sent. Read what to fix below, then send it again.',
          }
        : {
            tone: 'stop',
            icon: 'i-lucide-circle-x',
            title: 'We could not verify your identity',
            body: 'This decision is final, so the check cannot be sent again. If you think it is wrong, contact our support team.',
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
            {status.reviewStatus === 'onHold' ? 'What we still need' : 'What to fix'}
          </p>
          <p className="mt-1 text-ink">{status.message}</p>
        </div>
      ) : null}
      {isRunning ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <span className="i-lucide-refresh-cw animate-spin" aria-hidden="true" />
          Checking for news every few seconds.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {words.tone === 'good' ? (
          <Link to={redirect ?? '/projects'} className="btn-primary">
            Continue to projects
            <span className="i-lucide-arrow-right" aria-hidden="true" />
          </Link>
        ) : null}
        {canResubmit ? (
          <Link to="/auth/verify/identity" search={{ redirect }} className="btn-primary">
            {status.reviewStatus === 'init' ? 'Start the identity check' : 'Fix and send again'}
          </Link>
        ) : null}
        {words.tone === 'stop' ? (
          <Link to="/contact-us" className="btn-primary">
            Contact support
          </Link>
        ) : null}
        {words.tone !== 'good' ? (
          <Link to="/projects" className="btn-secondary">
            Browse projects meanwhile
          </Link>
        ) : null}
      </div>
    </div>
  );
}
