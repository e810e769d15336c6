import { describe, expect, it } from 'vitest';
import {
  ABSTAIN,
  maySeeSection,
  proposalRequestSchema,
  resultsVisible,
  sourceOfRole,
  tallyVotes,
  type GovernanceViewer,
} from '../../src/domain/governance';

const viewer = (over: Partial<GovernanceViewer> = {}): GovernanceViewer => ({
  role: 'USER',
  kycApproved: false,
  balance: 0,
  ...over,
});

describe('who may see a section', () => {
  it('opens PRE_KYC to any signed-in user, POST_KYC after the identity check, INVESTOR to holders', () => {
    const fresh = viewer();
    const verified = viewer({ kycApproved: true });
    const holder = viewer({ kycApproved: true, balance: 1 });
    expect([fresh, verified, holder].map((v) => maySeeSection('PRE_KYC', v))).toEqual([true, true, true]);
    expect([fresh, verified, holder].map((v) => maySeeSection('POST_KYC', v))).toEqual([false, true, true]);
    expect([fresh, verified, holder].map((v) => maySeeSection('INVESTOR', v))).toEqual([false, false, true]);
  });

  it('opens every section to sellers and admins', () => {
    for (const role of ['ADMIN', 'SELLER'] as const) {
      expect(maySeeSection('INVESTOR', viewer({ role }))).toBe(true);
      expect(maySeeSection('POST_KYC', viewer({ role }))).toBe(true);
    }
  });

  it('names the author source after the role', () => {
    expect([sourceOfRole('USER'), sourceOfRole('SELLER'), sourceOfRole('ADMIN')]).toEqual([
      'INVESTOR',
      'SELLER',
      'ADMIN',
    ]);
  });
});

describe('tally', () => {
  const base = { optionCount: 2, totalPower: 100, quorumPercent: 50, thresholdPercent: 50 };

  it('counts abstentions towards the quorum, on its exact edge', () => {
    const justBelow = tallyVotes({
      ...base,
      ballots: [
        { choice: 1, weight: 30 },
        { choice: ABSTAIN, weight: 19 },
      ],
    });
    expect(justBelow.participatingWeight).toBe(49);
    expect(justBelow.outcome).toBe('NO_QUORUM');
    const onEdge = tallyVotes({
      ...base,
      ballots: [
        { choice: 1, weight: 30 },
        { choice: ABSTAIN, weight: 20 },
      ],
    });
    expect(onEdge.quorumReached).toBe(true);
    expect(onEdge.outcome).toBe('PASSED');
    expect(onEdge.winningOption).toBe(1);
    expect(onEdge.abstainWeight).toBe(20);
  });

  it('passes the leading option at the threshold and not one token below it', () => {
    const rule = { ...base, optionCount: 3, quorumPercent: 0, thresholdPercent: 60 };
    const at = tallyVotes({
      ...rule,
      ballots: [
        { choice: 2, weight: 60 },
        { choice: 1, weight: 30 },
        { choice: 3, weight: 10 },
      ],
    });
    expect(at).toMatchObject({ outcome: 'PASSED', winningOption: 2, optionWeights: [30, 60, 10] });
    const below = tallyVotes({
      ...rule,
      ballots: [
        { choice: 2, weight: 59 },
        { choice: 1, weight: 31 },
        { choice: 3, weight: 10 },
      ],
    });
    expect(below).toMatchObject({ outcome: 'REJECTED', winningOption: null });
    // Abstentions do not count against the threshold.
    const withAbstain = tallyVotes({
      ...rule,
      ballots: [
        { choice: 2, weight: 6 },
        { choice: 1, weight: 4 },
        { choice: ABSTAIN, weight: 90 },
      ],
    });
    expect(withAbstain.outcome).toBe('PASSED');
  });

  it('rejects a tie for the lead, only abstentions, and no holders at all', () => {
    expect(
      tallyVotes({
        ...base,
        ballots: [
          { choice: 1, weight: 50 },
          { choice: 2, weight: 50 },
        ],
      }).outcome,
    ).toBe('REJECTED');
    expect(tallyVotes({ ...base, ballots: [{ choice: ABSTAIN, weight: 100 }] }).outcome).toBe('REJECTED');
    expect(tallyVotes({ ...base, quorumPercent: 0, totalPower: 0, ballots: [] }).outcome).toBe('NO_QUORUM');
  });

  it('stays exact beyond floating point', () => {
    const big = 2 ** 52;
    const result = tallyVotes({
      optionCount: 2,
      totalPower: big * 2,
      quorumPercent: 50,
      thresholdPercent: 50,
      ballots: [{ choice: 1, weight: big }],
    });
    expect(result).toMatchObject({ quorumReached: true, outcome: 'PASSED', participatingWeight: big });
    // One token short of half of 2^53 (where doubles lose whole numbers) misses the quorum.
    const short = tallyVotes({ ...base, totalPower: big * 2, ballots: [{ choice: 1, weight: big - 1 }] });
    expect(short.outcome).toBe('NO_QUORUM');
  });

  it('refuses a choice that is not an option', () => {
    expect(() => tallyVotes({ ...base, ballots: [{ choice: 3, weight: 1 }] })).toThrow(RangeError);
  });

  it('hides results before the close unless the item allows them', () => {
    expect(resultsVisible({ status: 'OPEN', resultsVisibleBeforeClose: false })).toBe(false);
    expect(resultsVisible({ status: 'OPEN', resultsVisibleBeforeClose: true })).toBe(true);
    expect(resultsVisible({ status: 'CLOSED', resultsVisibleBeforeClose: false })).toBe(true);
  });
});

describe('proposal request', () => {
  const valid = {
    title: 'Tour stop in Busan',
    body: 'Add a stop.',
    options: ['Yes', 'No'],
    endsAt: '2026-12-01T00:00:00.000Z',
    quorumPercent: 10,
    thresholdPercent: 50,
    resultsVisibleBeforeClose: false,
  };
  it('takes 2 to 10 distinct options', () => {
    expect(proposalRequestSchema.safeParse(valid).success).toBe(true);
    expect(proposalRequestSchema.safeParse({ ...valid, options: ['Yes'] }).success).toBe(false);
    expect(proposalRequestSchema.safeParse({ ...valid, options: ['Yes', 'yes'] }).success).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => `Option ${i}`);
    expect(proposalRequestSchema.safeParse({ ...valid, options: eleven }).success).toBe(false);
    expect(proposalRequestSchema.safeParse({ ...valid, thresholdPercent: 0 }).success).toBe(false);
  });
});
