import { describe, expect, it } from 'vitest';
import { decideAccess, reviewStatuses, safeRedirectPath, type AccessFacts } from '../../src/domain/access';

const approved: AccessFacts = {
  hasSession: true,
  isOtpEnabled: true,
  reviewStatus: 'completed',
  reviewAnswer: 'GREEN',
};
const wanted = '/projects/7?tab=terms';

describe('decideAccess: the Guards rows of spec section 2', () => {
  it.each(['signed-in', 'kyc'] as const)(
    'no session -> /auth/signin, keeping where the user wanted to go (%s)',
    (group) => {
      expect(decideAccess(group, { ...approved, hasSession: false }, wanted)).toEqual({
        kind: 'redirect',
        to: '/auth/signin',
        redirect: wanted,
      });
    },
  );

  it.each(['signed-in', 'kyc'] as const)('OTP not set up -> /auth/otp/setup (%s)', (group) => {
    expect(decideAccess(group, { ...approved, isOtpEnabled: false }, wanted)).toMatchObject({
      kind: 'redirect',
      to: '/auth/otp/setup',
    });
  });

  it('the signed-in group needs nothing more than a session and OTP', () => {
    expect(
      decideAccess(
        'signed-in',
        { hasSession: true, isOtpEnabled: true, reviewStatus: null, reviewAnswer: null },
        wanted,
      ),
    ).toEqual({ kind: 'stay' });
  });

  it('KYC group, review status init -> /auth/verify/identity', () => {
    expect(decideAccess('kyc', { ...approved, reviewStatus: 'init', reviewAnswer: null }, wanted)).toMatchObject({
      to: '/auth/verify/identity',
    });
  });

  it('KYC group, no review record at all counts as init', () => {
    expect(decideAccess('kyc', { ...approved, reviewStatus: null, reviewAnswer: null }, wanted)).toMatchObject({
      to: '/auth/verify/identity',
    });
  });

  it.each(reviewStatuses.filter((status) => status !== 'init' && status !== 'completed'))(
    'KYC group, review status %s -> /auth/verify/identity/success',
    (status) => {
      expect(decideAccess('kyc', { ...approved, reviewStatus: status, reviewAnswer: null }, wanted)).toMatchObject({
        to: '/auth/verify/identity/success',
      });
    },
  );

  it('KYC group, completed with answer RED -> /auth/verify/identity/success', () => {
    expect(decideAccess('kyc', { ...approved, reviewAnswer: 'RED' }, wanted)).toMatchObject({
      to: '/auth/verify/identity/success',
    });
  });

  it('KYC group, completed and GREEN -> stay', () => {
    expect(decideAccess('kyc', approved, wanted)).toEqual({ kind: 'stay' });
  });

  it('KYC group, completed with no answer yet (not RED) -> stay, as the spec words it', () => {
    expect(decideAccess('kyc', { ...approved, reviewAnswer: null }, wanted)).toEqual({ kind: 'stay' });
  });

  it.each(['signed-in', 'kyc'] as const)(
    'OTP set up but not passed in this session (role UNVERIFIED) -> /auth/otp/verify (%s)',
    (group) => {
      expect(decideAccess(group, { ...approved, isSecondFactorPending: true }, wanted)).toEqual({
        kind: 'redirect',
        to: '/auth/otp/verify',
        redirect: wanted,
      });
    },
  );

  it('a passed second factor stays put', () => {
    expect(decideAccess('signed-in', { ...approved, isSecondFactorPending: false }, wanted)).toEqual({ kind: 'stay' });
  });

  it('checks in the spec order: session before OTP before review', () => {
    const nothing: AccessFacts = { hasSession: false, isOtpEnabled: false, reviewStatus: 'init', reviewAnswer: 'RED' };
    expect(decideAccess('kyc', nothing, wanted)).toMatchObject({ to: '/auth/signin' });
    expect(decideAccess('kyc', { ...nothing, hasSession: true }, wanted)).toMatchObject({ to: '/auth/otp/setup' });
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirectPath('/account/overview?x=1')).toBe('/account/overview?x=1');
  });
  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'account', '', 42, undefined])(
    'refuses %s',
    (value) => {
      expect(safeRedirectPath(value)).toBe('/');
    },
  );
});
