import { describe, expect, it } from 'vitest';
import type { ProductCard } from '../../src/domain/products';
import type { KycPayload } from '../../src/domain/session';
import { milestonesFor, nextStepFor } from '../../src/features/account/next-step';
import { countryName } from '../../src/features/kyc/countries';
import { formatPercent, isContractAddress, shortenAddress } from '../../src/features/projects/format';
import { pickHomeSections } from '../../src/features/projects/home-sections';
import { RequestError } from '../../src/lib/request-error';
import { isReported } from '../../src/routes/-components/error-page';

const kyc = (overrides: Partial<KycPayload>): KycPayload => ({
  reviewStatus: 'init',
  reviewAnswer: null,
  rejectType: null,
  reviewMessage: null,
  ...overrides,
});

describe('the overview’s next step', () => {
  it('walks a new investor from identity to investing', () => {
    expect(nextStepFor(kyc({})).kind).toBe('verify-identity');
    expect(nextStepFor(kyc({ reviewStatus: 'pending' })).kind).toBe('identity-in-review');
    expect(nextStepFor(kyc({ reviewStatus: 'onHold' })).kind).toBe('identity-in-review');
    expect(nextStepFor(kyc({ reviewStatus: 'completed', reviewAnswer: 'GREEN' }))).toEqual({
      kind: 'invest',
      to: '/projects',
    });
  });

  it('sends a declined investor to fix and resend, or to support when it is final', () => {
    expect(nextStepFor(kyc({ reviewStatus: 'completed', reviewAnswer: 'RED', rejectType: 'RETRY' })).kind).toBe(
      'fix-identity',
    );
    expect(nextStepFor(kyc({ reviewStatus: 'completed', reviewAnswer: 'RED', rejectType: 'FINAL' })).to).toBe(
      '/contact-us/',
    );
  });

  it('ticks identity only once approved', () => {
    expect(milestonesFor(kyc({ reviewStatus: 'pending' })).map((m) => m.isDone)).toEqual([true, false, false]);
    expect(milestonesFor(kyc({ reviewStatus: 'completed', reviewAnswer: 'GREEN' }))[1]!.isDone).toBe(true);
  });
});

const card = (id: number, flags: Partial<ProductCard>): ProductCard =>
  ({ id, saleStatus: 'SALE', isFeatured: false, isMostPopular: false, isClosingSoon: false, ...flags }) as ProductCard;

describe('home shelves', () => {
  it('shows a project on one shelf only, the first it qualifies for', () => {
    const cards = [
      card(1, { isFeatured: true, isMostPopular: true, isClosingSoon: true }),
      card(2, { isMostPopular: true, isClosingSoon: true }),
      card(3, { isClosingSoon: true }),
      card(4, { isFeatured: true, saleStatus: 'SALE_END', isMostPopular: true }),
    ];
    const sections = pickHomeSections(cards);
    expect(sections.featured.map((c) => c.id)).toEqual([1]);
    expect(sections.popular.map((c) => c.id)).toEqual([2, 4]);
    expect(sections.closing.map((c) => c.id)).toEqual([3]);
  });

  it('keeps at most three per shelf', () => {
    const cards = [1, 2, 3, 4, 5].map((id) => card(id, { isMostPopular: true }));
    expect(pickHomeSections(cards).popular).toHaveLength(3);
  });
});

describe('numbers and addresses', () => {
  it('shows percentages by one rule: one decimal under 10, whole above, rounded down', () => {
    expect([0, 0.04, 5, 5.06, 9.99, 10, 42.9, 99.9, 100, 130].map(formatPercent)).toEqual([
      '0%',
      '0.1%',
      '5%',
      '5%',
      '9.9%',
      '10%',
      '42%',
      '99%',
      '100%',
      '130%',
    ]);
  });

  it('accepts only real contract addresses and shortens them as wallets do', () => {
    const address = '0x1234567890abcdef1234567890ABCDEF12345678';
    expect(isContractAddress(address)).toBe(true);
    expect(isContractAddress('0x1234d3m0d3m0')).toBe(false);
    expect(isContractAddress(`${address}0`)).toBe(false);
    expect(shortenAddress(address)).toBe('0x1234…5678');
  });

  it('names countries instead of showing their codes', () => {
    expect(countryName('KR', 'en')).toBe('South Korea');
    expect(countryName('ZZZ', 'en')).toBe('ZZZ');
  });
});

describe('the error page', () => {
  it('says the team was told only for faults the server recorded', () => {
    expect(isReported(new RequestError('down', 503, []))).toBe(true);
    expect(isReported(new RequestError('no', 400, []))).toBe(false);
    expect(isReported(new Error('render'))).toBe(false);
  });
});
