import { describe, expect, it } from 'vitest';
import { allocateProRata } from '../../server/modules/account/allocation';
import { normalizeWalletAddress, toChecksumAddress } from '../../server/modules/account/wallets';

/** A small deterministic generator, so the "many holders" cases are the same on every run. */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('allocateProRata', () => {
  it('gives the leftover units to the largest remainders, ties to the larger balance then the smaller id', () => {
    const shares = allocateProRata(100, [
      { userId: 'c', balance: 1 },
      { userId: 'a', balance: 1 },
      { userId: 'b', balance: 1 },
    ]);
    expect(Object.fromEntries(shares.map((share) => [share.userId, share.amount]))).toEqual({ a: 34, b: 33, c: 33 });
    // 7 × 2/3 = 4.67 and 7 × 1/3 = 2.33: the bigger remainder wins the unit left over.
    expect(
      allocateProRata(7, [
        { userId: 'x', balance: 1 },
        { userId: 'y', balance: 2 },
      ]).map((share) => share.amount),
    ).toEqual([2, 5]);
    // 2 × 1/4 = 0.5 and 2 × 3/4 = 1.5: equal remainders, so the larger balance gets the unit.
    expect(
      allocateProRata(2, [
        { userId: 'a', balance: 1 },
        { userId: 'b', balance: 3 },
      ]).map((share) => share.amount),
    ).toEqual([0, 2]);
  });

  it('does not depend on the order holders arrive in', () => {
    const next = lcg(7);
    const holders = Array.from({ length: 60 }, (_, index) => ({ userId: `u${index}`, balance: 1 + (next() % 5) }));
    const forward = allocateProRata(1_000_001, holders);
    const backward = allocateProRata(1_000_001, [...holders].reverse());
    const byId = (list: typeof forward) => Object.fromEntries(list.map((share) => [share.userId, share.amount]));
    expect(byId(backward)).toEqual(byId(forward));
  });

  it('adds up exactly for awkward amounts and many holders, and leaves zero balances out', () => {
    const next = lcg(42);
    for (const amount of [1, 2, 3, 7, 99, 100_003, 999_999_937, 9_007_199_254_740]) {
      for (const count of [1, 2, 3, 17, 1000]) {
        const holders = Array.from({ length: count }, (_, index) => ({
          userId: `holder-${String(index).padStart(4, '0')}`,
          balance: index % 10 === 9 ? 0 : 1 + (next() % 1_000_000),
        }));
        const shares = allocateProRata(amount, holders);
        expect(sum(shares.map((share) => share.amount))).toBe(amount);
        expect(shares.every((share) => share.balance > 0 && share.amount >= 0)).toBe(true);
        const total = sum(holders.map((holder) => holder.balance));
        for (const share of shares) {
          // Never more than one unit from the exact pro rata figure.
          expect(Math.abs(share.amount - (amount * share.balance) / total)).toBeLessThan(1 + 1e-6);
        }
      }
    }
    expect(allocateProRata(10, [{ userId: 'a', balance: 0 }])).toEqual([]);
  });
});

describe('wallet addresses', () => {
  it('checks EIP-55 checksums and stores the checksummed form', () => {
    const valid = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(toChecksumAddress(valid.toLowerCase())).toBe(valid);
    expect(normalizeWalletAddress('ETHEREUM', valid.toLowerCase())).toBe(valid);
    expect(normalizeWalletAddress('POLYGON', valid)).toBe(valid);
    // One letter's case flipped: the checksum catches it.
    expect(normalizeWalletAddress('ETHEREUM', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeNull();
    expect(normalizeWalletAddress('ETHEREUM', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBeNull();
    expect(normalizeWalletAddress('ETHEREUM', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeNull();
  });

  it('checks Bitcoin addresses with their checksums', () => {
    expect(normalizeWalletAddress('BITCOIN', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).not.toBeNull();
    expect(normalizeWalletAddress('BITCOIN', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).not.toBeNull();
    expect(normalizeWalletAddress('BITCOIN', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdz')).toBeNull();
    expect(normalizeWalletAddress('BITCOIN', '1BoatSLRHtKNngkdXEeobR76b53LETtpyX')).toBeNull();
    expect(normalizeWalletAddress('BITCOIN', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeNull();
  });
});
