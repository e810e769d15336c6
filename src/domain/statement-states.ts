/**
 * Where a bank statement line stands: MATCHED waits to be confirmed; UNMATCHED waits in the queue
 * for an operator; PROPOSED waits for a second admin (four eyes); CONFIRMED paid its order
 * (matched, or assigned by hand); RETURNED went back to the payer. Apart from the wire schemas
 * (statements.ts) so the console's address check needs no schema library.
 */
export const statementLineStates = ['MATCHED', 'UNMATCHED', 'PROPOSED', 'CONFIRMED', 'RETURNED'] as const;
export type StatementLineState = (typeof statementLineStates)[number];
