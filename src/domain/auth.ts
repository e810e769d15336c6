import { z } from 'zod';
import { languageSchema } from './language';
import { wholeNumberParam } from './fields';
import { ACTIVITY_MAX_LIMIT, CODE_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './limits';
import { hasForbiddenNameCharacters } from './names';
import { CODE_PATTERN } from './codes';
import { says, type ValidationKey } from './validation-messages';

/**
 * Wire schemas of sign-in, sessions, the second factor and the account. Request bodies are
 * strict: a field the client may not set (role, kycStatus, isBanned, ...) is refused, never
 * silently dropped or written.
 */

export { CODE_LENGTH };
export { isCode, keepCodeDigits } from './codes';
export const EMAIL_CODE_LENGTH = CODE_LENGTH;
export const EMAIL_CODE_TTL_MINUTES = 10;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong second-factor codes allowed in the window before the factor locks. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_WINDOW_MINUTES = 15;

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, says('validation.email.tooLong'))
  .pipe(z.email(says('validation.email.invalid')))
  .transform((value) => value.toLowerCase());

/** A typed code; `message` names where it comes from when that helps (an authenticator app). */
export const codeSchema = (message: ValidationKey = 'validation.code') => z.string().regex(CODE_PATTERN, says(message));
export const sixDigitCodeSchema = codeSchema();

const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;
/** A recovery code looks like ABCDE-FGHJK (the dash optional). */
export const isRecoveryCode = (value: string): boolean => RECOVERY_CODE_PATTERN.test(value.trim());

export const emailCodeRequestSchema = z.strictObject({ email: emailSchema });
export const challengeResponseSchema = z.object({ challengeId: z.uuid() });
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

export const emailVerifyRequestSchema = z.strictObject({
  challengeId: z.uuid(says('validation.signInAttempt')),
  code: sixDigitCodeSchema,
});

export const googleSignInRequestSchema = z.strictObject({
  credential: z.string().min(20, says('validation.googleCredential')).max(8192),
});

export const accessTokenResponseSchema = z.object({
  accessToken: z.string().min(1),
  expiresAt: z.iso.datetime(),
});
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/** What the browser may know about sign-in configuration: an explicit allow-list. */
export const authConfigSchema = z.object({ googleClientId: z.string().nullable() });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** An account's role (users.role): USER, or an operator role granted by `user:role`. */
export const userRoles = ['USER', 'SELLER', 'ADMIN'] as const;
export type UserRole = (typeof userRoles)[number];
/** The roles a route can require with `requireAuth({ role })`. */
export type StaffRole = Exclude<UserRole, 'USER'>;

/** ADMIN may do whatever a SELLER may; a SELLER holds only its own role. */
export function holdsRole(role: UserRole, required: StaffRole): boolean {
  return role === required || role === 'ADMIN';
}

/** The access token's `role`: UNVERIFIED until the second factor passes, then the account's role. */
export const tokenRoles = ['UNVERIFIED', ...userRoles] as const;
export type TokenRole = (typeof tokenRoles)[number];

export const mfaKeysResponseSchema = z.object({ url: z.string() });

export const mfaSetupRequestSchema = z.strictObject({ code: sixDigitCodeSchema });
export const recoveryCodesSchema = z.array(z.string()).length(RECOVERY_CODE_COUNT);
export const mfaSetupResponseSchema = accessTokenResponseSchema.extend({ recoveryCodes: recoveryCodesSchema });
export type MfaSetupResponse = z.infer<typeof mfaSetupResponseSchema>;

export const mfaVerifyRequestSchema = z.union([
  z.strictObject({ code: sixDigitCodeSchema }),
  z.strictObject({
    recoveryCode: z.string().trim().regex(RECOVERY_CODE_PATTERN, says('validation.recoveryCode')),
  }),
]);
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequestSchema>;

export const recoveryCodesRegenerateRequestSchema = z.strictObject({ code: sixDigitCodeSchema });
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: recoveryCodesSchema });

export const investorTypes = ['INDIVIDUAL', 'COMPANY'] as const;
export type InvestorType = (typeof investorTypes)[number];
export const kycStatuses = ['NONE', 'INPROGRESS', 'GREEN', 'RED'] as const;
export type KycStatus = (typeof kycStatuses)[number];

/** The investor profile of spec section 3, plus the session facts the guards read. */
export const userPayloadSchema = z.object({
  id: z.string(),
  investorType: z.enum(investorTypes),
  legalName: z.string().nullable(),
  countryOfResidence: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  isKycVerified: z.boolean(),
  kycStatus: z.enum(kycStatuses),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  allowedProductIds: z.array(z.number().int()),
  whitelistRequestProductIds: z.array(z.number().int()),
  isHideBadge: z.boolean(),
  isOtpEnabled: z.boolean(),
  role: z.enum(tokenRoles),
  /** The language the investor chose for mails and messages; null (or absent) until they choose. */
  language: languageSchema.nullable().optional(),
});
export type UserPayload = z.infer<typeof userPayloadSchema>;

/** The profile name: the one name rule of src/domain/names.ts. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, says('validation.name'))
  .max(NAME_MAX_LENGTH, says('validation.name'))
  .refine((value) => !hasForbiddenNameCharacters(value), says('validation.text.characters'));
export const updateNamesRequestSchema = z.strictObject({ name: nameSchema });
export const updateEmailRequestSchema = z.strictObject({ email: emailSchema });
export const confirmEmailRequestSchema = z.strictObject({
  challengeId: z.uuid(says('validation.emailConfirmation')),
  code: sixDigitCodeSchema,
});
export const badgeHideRequestSchema = z.strictObject({ isHideBadge: z.boolean() });

export const auditEventTypes = [
  'SIGN_IN',
  'SECOND_FACTOR_PASSED',
  'SECOND_FACTOR_FAILED',
  'SECOND_FACTOR_LOCKED',
  'RECOVERY_CODE_USED',
  'SIGN_OUT',
  'SIGN_OUT_ALL',
  'OTP_ENABLED',
  'OTP_RESET',
  'RECOVERY_CODES_REGENERATED',
  'GOOGLE_LINKED',
  'NAME_CHANGED',
  'EMAIL_CHANGED',
  'BADGE_VISIBILITY_CHANGED',
  'BANNED',
  'UNBANNED',
  'ROLE_CHANGED',
  'WHITELIST_ALLOWED',
  'KYC_REVIEW_UPDATED',
  'INVESTOR_VERIFICATION_SUBMITTED',
  'INVESTOR_VERIFICATION_REVIEWED',
  'BANK_DETAILS_ADDED',
  'BANK_DETAILS_CHANGED',
  'WALLET_ADDED',
  'WALLET_REMOVED',
  'GIFT_CLAIMED',
  'GIFT_SHIPPED',
] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

/** Who acted on an audit event: the user themselves, an operator, or Moa on its own (a provider's webhook). */
export const auditActors = ['user', 'operator', 'system'] as const;
export type AuditActor = (typeof auditActors)[number];

export const activitySchema = z.object({
  id: z.string(),
  /** Later capabilities add their own types to the same list, so any string is accepted here. */
  type: z.string(),
  actor: z.enum(auditActors),
  createdAt: z.iso.datetime(),
  device: z.string(),
  origin: z.string(),
  detail: z.record(z.string(), z.string()).nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityQuerySchema = z.strictObject({
  limit: wholeNumberParam('validation.limit.activity', { max: ACTIVITY_MAX_LIMIT }).default(100),
});
export const activityListSchema = z.object({ activities: z.array(activitySchema) });

export { ACCESS_TOKEN_COOKIE } from './constants';
