import { z } from 'zod';
import { wholeNumberParam } from './fields';
import { orderStates } from './order-state';

/**
 * The console's list of orders (`GET /api/v1/operator/orders`): every order in the operator's
 * projects, by state, found by its reference, the investor's email or the project, a page at a
 * time (a keyset cursor: a new order never shifts the pages already read).
 */

export const ORDERS_PAGE_SIZE = 25;

/** Oldest or newest first, by when the order was made. */
export const orderListSorts = ['createdAt', '-createdAt'] as const;
export type OrderListSort = (typeof orderListSorts)[number];

/** `cursor` is the last row's `createdAt|id` of the page before, in the same sorting. */
export const operatorOrdersQuerySchema = z.strictObject({
  state: z.enum(orderStates).optional(),
  q: z.string().trim().max(200).optional(),
  productId: wholeNumberParam('validation.projectId').optional(),
  sort: z.enum(orderListSorts).optional(),
  cursor: z.string().max(200).optional(),
});
export type OperatorOrdersQuery = z.infer<typeof operatorOrdersQuerySchema>;

export const operatorOrderRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  state: z.enum(orderStates),
  userId: z.string(),
  email: z.string().nullable(),
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  payMethodType: z.string(),
  payerName: z.string().nullable(),
  declaredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperatorOrderRow = z.infer<typeof operatorOrderRowSchema>;

export const operatorOrderListSchema = z.object({
  orders: z.array(operatorOrderRowSchema),
  nextCursor: z.string().nullable(),
});
export type OperatorOrderList = z.infer<typeof operatorOrderListSchema>;
