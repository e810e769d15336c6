import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { userExists } from '../users/service';
import { findReviewForUpdate, recordWebhookEvent } from './repository';
import { changeReview } from './service';
import { isWebhookDigestValid, sumsubWebhookSchema } from './sumsub';

export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/**
 * One Sumsub webhook delivery. The digest is checked over the raw bytes before anything is
 * parsed; a delivery seen before changes nothing, and an event older than the last one applied
 * to the review is recorded but not applied, so a late "pending" never undoes a decision.
 */
export async function applySumsubWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  headers: { digest?: string; algorithm?: string },
  meta: RequestMeta,
): Promise<WebhookOutcome> {
  const secret = ctx.config.SUMSUB_WEBHOOK_SECRET;
  if (!secret || !isWebhookDigestValid(secret, rawBody, headers.digest, headers.algorithm)) {
    throw new AppError('SIGNATURE_INVALID', 'The webhook signature does not match its body.');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('MALFORMED_JSON', 'The request body is not valid JSON.');
  }
  const parsed = sumsubWebhookSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'The webhook payload is not one Moa understands.');
  const event = parsed.data;
  const userId = event.externalUserId ?? null;

  return ctx.db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
    const now = ctx.now().toISOString();
    const user = userId && (await userExists(trx, userId)) ? { id: userId } : undefined;
    const isNew = await recordWebhookEvent(
      trx,
      { digest: headers.digest!.toLowerCase(), type: event.type, userId: user?.id ?? null, eventAt: event.createdAtMs },
      now,
    );
    if (!isNew) return 'duplicate';
    if (!user || !event.reviewStatus) return 'ignored';
    const current = await findReviewForUpdate(trx, user.id);
    if (current?.provider_event_at && current.provider_event_at >= event.createdAtMs) return 'stale';
    const answer = event.reviewStatus === 'completed' ? (event.reviewResult?.reviewAnswer ?? null) : null;
    // A completed review without an answer says nothing we can act on.
    if (event.reviewStatus === 'completed' && !answer) return 'ignored';
    await changeReview(
      trx,
      ctx,
      user.id,
      current,
      {
        reviewStatus: event.reviewStatus,
        reviewAnswer: answer,
        // Sumsub always sends the reject type with RED; if it ever does not, the safe reading is FINAL.
        rejectType: answer === 'RED' ? (event.reviewResult?.reviewRejectType ?? 'FINAL') : null,
        message: event.reviewResult?.moderationComment?.trim() || null,
        by: 'provider',
        providerEventAt: event.createdAtMs,
      },
      meta,
      now,
      current ? {} : { provider: 'sumsub', submitted_at: now },
    );
    return 'applied';
  });
}
