import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { auditEventTypes, type Activity, type AuditEventType } from '../../../domain/auth';
import { activityQueryOptions } from '../../../features/account/queries';
import { describeReview } from '../../../features/kyc/components/review-state';
import { kycReviewDetailSchema } from '../../../domain/kyc';
import { formatDateTime } from '../../../lib/dates';
import { pageHead } from '../../../lib/head';
import { t, type MessageKey } from '../../../lib/i18n';

export const Route = createFileRoute('/_authenticated/account/account-activity')({
  staticData: { texts: ['identity'] },
  loader: ({ context }) => context.queryClient.ensureQueryData(activityQueryOptions()),
  head: () => pageHead(t('activity.title')),
  component: Page,
});

/** An operator's moderation of the user's posts and proposals: told with its reason, as the author is owed. */
const moderationTypes = ['COMMUNITY_HIDDEN', 'COMMUNITY_RESTORED', 'PROPOSAL_CANCELLED'] as const;

function describeModeration(activity: Activity): string | null {
  const type = moderationTypes.find((candidate) => candidate === activity.type);
  if (!type) return null;
  const label = t(`activity.type.${type}`);
  const reason = activity.detail?.reason;
  return reason ? `${label} · ${t('activity.reason', { reason })}` : label;
}

function describe(activity: Activity): string {
  const moderation = describeModeration(activity);
  if (moderation) return moderation;
  if ((auditEventTypes as readonly string[]).includes(activity.type)) {
    const key = `activity.type.${activity.type as AuditEventType}` as MessageKey;
    if (activity.type === 'KYC_REVIEW_UPDATED' && activity.detail) {
      const review = kycReviewDetailSchema.safeParse(activity.detail);
      if (review.success) return `${t('activity.type.KYC_REVIEW_UPDATED')}: ${describeReview(review.data).title}`;
    }
    const method = activity.detail?.method;
    const label = t(key);
    return activity.type === 'SIGN_IN' && method
      ? `${label} · ${method === 'GOOGLE' ? 'Google' : t('activity.emailCode')}`
      : label;
  }
  // Events of capabilities this page does not know yet still show, in plain words.
  return activity.type.toLowerCase().replace(/_/g, ' ');
}

const isWarning = (type: string) =>
  type === 'SECOND_FACTOR_FAILED' || type === 'SECOND_FACTOR_LOCKED' || type === 'BANNED';

function Page() {
  const { data } = useSuspenseQuery(activityQueryOptions());
  return (
    <div>
      <h1 className="page-title">{t('activity.title')}</h1>
      <p className="mt-3 max-w-2xl text-ink-soft">{t('activity.intro')}</p>
      {data.activities.length === 0 ? (
        <p className="card mt-6 p-6 text-ink-soft">{t('activity.empty')}</p>
      ) : (
        <ol className="card mt-6 divide-y divide-line" aria-label={t('activity.listLabel')}>
          {data.activities.map((activity) => (
            <li key={activity.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
              <time dateTime={activity.createdAt} className="shrink-0 text-sm text-ink-muted sm:w-44">
                {formatDateTime(activity.createdAt)}
              </time>
              <p className={`flex-1 font-semibold ${isWarning(activity.type) ? 'text-coral-700' : 'text-ink'}`}>
                {describe(activity)}
              </p>
              <p className="text-sm text-ink-soft sm:text-right">
                <span className="sr-only">{t('activity.device')}: </span>
                {activity.device}
                <span aria-hidden="true"> · </span>
                <span className="sr-only">{t('activity.origin')}: </span>
                {activity.origin}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
