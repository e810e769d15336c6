import type { LiveEvent } from '../src/domain/live';
import type { PushPayload } from '../src/domain/notifications';

/**
 * What a push message says changed, in the words of the app's live stream: the inbox always,
 * and what the notification is about. Open windows mark stale the same queries as for the
 * stream's events (src/live/invalidation.ts), so a window whose stream is not open keeps up too.
 */
export function liveEventsForPush(push: Pick<PushPayload, 'type' | 'productId'>): LiveEvent[] {
  const events: LiveEvent[] = [{ type: 'notification', productId: push.productId, ref: null }];
  if (push.type === 'CONTRACT_SIGNED') events.push({ type: 'order', productId: push.productId, ref: null });
  if (push.type === 'PROPOSAL_CREATED' || push.type === 'VOTE_FINISH' || push.type === 'AGENDA_CLOSED') {
    events.push({ type: 'vote', productId: push.productId, ref: null });
  }
  return events;
}
