import { describe, expect, it } from 'vitest';
import { liveEventsForPush } from '../../sw/live-message';

describe('what a push message tells open windows', () => {
  it('always the inbox, and what the notification is about', () => {
    expect(liveEventsForPush({ type: 'PROMOTE', productId: 3 })).toEqual([
      { type: 'notification', productId: 3, ref: null },
    ]);
    expect(liveEventsForPush({ type: 'CONTRACT_SIGNED', productId: 3 }).map((event) => event.type)).toEqual([
      'notification',
      'order',
    ]);
    for (const type of ['PROPOSAL_CREATED', 'VOTE_FINISH', 'AGENDA_CLOSED'] as const) {
      expect(liveEventsForPush({ type, productId: 4 })).toContainEqual({ type: 'vote', productId: 4, ref: null });
    }
  });
});
