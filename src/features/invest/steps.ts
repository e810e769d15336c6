/**
 * The steps before an order exists, in order; the invest page's ?step names one. Kept apart from
 * the components: the route's search parsing, in the first page's bundle, reads it.
 */
export const preOrderSteps = ['quantity', 'method', 'identity', 'review'] as const;
export type PreOrderStep = (typeof preOrderSteps)[number];
