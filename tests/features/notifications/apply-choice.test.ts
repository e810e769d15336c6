import { describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '../../../src/domain/notifications';
import { applyChoice } from '../../../src/features/notifications/mutations';

const preferences: NotificationPreferences = {
  types: [
    { type: 'PROPOSAL_CREATED', isEnabled: true },
    { type: 'PROMOTE', isEnabled: false },
  ],
  projects: [
    {
      productId: 3,
      productName: 'Seoul Nights',
      types: [
        { type: 'VOTE_FINISH', isEnabled: true },
        { type: 'AGENDA_CLOSED', isEnabled: true },
      ],
    },
    { productId: 4, productName: 'Hanwoo herd', types: [{ type: 'VOTE_FINISH', isEnabled: true }] },
  ],
};

describe('a preference shown at once, before the server answers', () => {
  it('turns a type as a whole on or off, leaving the projects alone', () => {
    const next = applyChoice(preferences, { type: 'PROMOTE', isEnabled: true });
    expect(next.types).toEqual([
      { type: 'PROPOSAL_CREATED', isEnabled: true },
      { type: 'PROMOTE', isEnabled: true },
    ]);
    expect(next.projects).toBe(preferences.projects);
  });

  it('turns one type off for one project only', () => {
    const next = applyChoice(preferences, { type: 'VOTE_FINISH', productId: 3, isEnabled: false });
    expect(next.types).toBe(preferences.types);
    expect(next.projects[0]!.types).toEqual([
      { type: 'VOTE_FINISH', isEnabled: false },
      { type: 'AGENDA_CLOSED', isEnabled: true },
    ]);
    expect(next.projects[1]).toBe(preferences.projects[1]);
  });
});
