import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { orderSchema, type Order } from '../../src/domain/orders';
import type { Investor } from './investors';

export { createInvestor, createSaleProduct, newSession, type HasContext, type Investor } from './investors';

export async function placeOrder(
  app: FastifyInstance,
  investor: Investor,
  productId: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/investors`,
    headers: { ...investor.headers, ...headers },
    payload: body,
  });
}

export async function orderOk(
  app: FastifyInstance,
  investor: Investor,
  productId: number,
  body: Record<string, unknown>,
): Promise<Order> {
  const response = await placeOrder(app, investor, productId, body);
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

/** Reads the contract and signs it with the investor's legal name. */
export async function signOrder(
  app: FastifyInstance,
  investor: Investor,
  order: Order,
  legalName = 'Kim Mina',
  signature?: string,
) {
  const contract = await app.inject({
    url: `/api/v1/products/${order.product.id}/sign?orderId=${order.id}`,
    headers: investor.headers,
  });
  expect(contract.statusCode, contract.body).toBe(200);
  const { sha256 } = contract.json() as { sha256: string };
  return app.inject({
    method: 'POST',
    url: `/api/v1/products/${order.product.id}/sign`,
    headers: investor.headers,
    payload: {
      orderId: order.id,
      legalName,
      contractSha256: sha256,
      consents: { terms: true, risks: true, electronicSignature: true },
      ...(signature ? { signature } : {}),
    },
  });
}

export async function productRemaining(app: FastifyInstance, productId: number): Promise<number> {
  const row = await app.ctx.db
    .selectFrom('products')
    .select('remaining_quantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.remaining_quantity);
}
