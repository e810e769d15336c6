/** Where the money of a purchase comes from, as the investor declares it. */
export const sourcesOfFunds = ['SALARY', 'SAVINGS', 'BUSINESS', 'INVESTMENTS', 'INHERITANCE', 'OTHER'] as const;
export type SourceOfFunds = (typeof sourcesOfFunds)[number];
