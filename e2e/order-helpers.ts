import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** What the invest screens get back for an order (the fields the tests read). */
export interface PlacedOrder {
  id: string;
  reference: string;
  amount: number;
  currency: string;
}

/**
 * An order reserved and its contract signed through the API, as the invest screens do it, so it
 * waits for the investor's payment: "unpaid, with a deadline".
 */
export async function signedOrder(
  request: APIRequestContext,
  accessToken: string,
  productId: number,
  quantity = 2,
): Promise<PlacedOrder> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const product = (await (await request.get(`/api/v1/products/${productId}`, { headers })).json()) as {
    payMethods: Array<{ id: number; payMethodType: string }>;
  };
  const method = product.payMethods.find((entry) => entry.payMethodType === 'ACCOUNT')!;
  const placed = await request.post(`/api/v1/products/${productId}/investors`, {
    headers,
    data: { quantity, payMethodId: method.id },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as PlacedOrder;
  const contract = await request.get(`/api/v1/products/${productId}/sign?orderId=${order.id}`, { headers });
  const { sha256 } = (await contract.json()) as { sha256: string };
  const signed = await request.post(`/api/v1/products/${productId}/sign`, {
    headers,
    data: {
      orderId: order.id,
      legalName: 'Test Investor',
      contractSha256: sha256,
      consents: { terms: true, risks: true, electronicSignature: true },
    },
    timeout: 30_000,
  });
  expect(signed.status(), await signed.text()).toBe(200);
  return order;
}

/** An order reserved, signed and its bank transfer declared through the API, as the invest screens do. */
export async function declaredOrder(
  request: APIRequestContext,
  accessToken: string,
  productId: number,
  { quantity = 2, payerName = 'Test Investor' }: { quantity?: number; payerName?: string } = {},
): Promise<PlacedOrder> {
  const order = await signedOrder(request, accessToken, productId, quantity);
  const declared = await request.post('/api/v1/payment/manual', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { orderId: order.id, payerName },
  });
  expect(declared.status(), await declared.text()).toBe(200);
  return order;
}
