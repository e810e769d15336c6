import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/orders';
import { PaymentInstructions } from '../../../src/features/invest/components/payment-instructions';

const cryptoOrder = (amount: number, currency: string) =>
  ({
    paymentInstructions: {
      payMethodType: 'CRYPTO',
      walletAddress: '0x0000000000000000000000000000000000000001',
      network: 'Ethereum',
      asset: 'USDC',
      amount,
      currency,
      reference: 'MOA-TEST0001',
      deadline: '2026-03-02T12:00:00.000Z',
    },
  }) as unknown as Order;

describe('the payment instructions', () => {
  it('tell the amount to send with the currency digits: a whole won is not a hundredth', () => {
    const won = renderToStaticMarkup(<PaymentInstructions order={cryptoOrder(250_000, 'KRW')} />);
    expect(won).toContain('250000 USDC');
    const dollars = renderToStaticMarkup(<PaymentInstructions order={cryptoOrder(250_000, 'USD')} />);
    expect(dollars).toContain('2500.00 USDC');
  });
});
