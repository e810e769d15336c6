/**
 * Shares an amount (integer minor units) among holders pro rata by balance, so the shares add
 * up to the amount exactly: the largest-remainder (Hamilton) rule.
 *
 * Every holder first gets floor(amount × balance / total). The few units left over (fewer than
 * the number of holders) go one each to the holders with the largest remainders; ties go to
 * the larger balance, then to the smaller user id, so the same inputs always give the same
 * shares whatever order they arrive in. See docs/decisions/0900-revenue-distribution-rounding.md.
 *
 * BigInt throughout: amount × balance can pass 2^53 for large projects.
 */
export interface HolderBalance {
  userId: string;
  balance: number;
}

export interface HolderShare extends HolderBalance {
  amount: number;
}

export function allocateProRata(amount: number, holders: HolderBalance[]): HolderShare[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error('The amount must be a whole, non-negative number');
  const positive = holders.filter((holder) => holder.balance > 0);
  const total = positive.reduce((sum, holder) => sum + BigInt(holder.balance), 0n);
  if (total === 0n) return [];
  const big = BigInt(amount);
  const rows = positive.map((holder) => {
    const product = big * BigInt(holder.balance);
    return { ...holder, base: product / total, remainder: product % total };
  });
  let left = big - rows.reduce((sum, row) => sum + row.base, 0n);
  const order = [...rows].sort((a, b) => {
    if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1;
    if (a.balance !== b.balance) return b.balance - a.balance;
    return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
  });
  const extra = new Set<string>();
  for (const row of order) {
    if (left === 0n) break;
    extra.add(row.userId);
    left -= 1n;
  }
  return rows.map((row) => ({
    userId: row.userId,
    balance: row.balance,
    amount: Number(row.base + (extra.has(row.userId) ? 1n : 0n)),
  }));
}
