import { describe, expect, it } from 'vitest';
import type { KycPayload } from '../../src/domain/session';
import { milestonesFor, nextStepFor } from '../../src/features/account/next-step';
import { countryName } from '../../src/features/kyc/countries';
import { formatPercent, isContractAddress, shortenAddress } from '../../src/features/projects/format';
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
