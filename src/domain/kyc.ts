import { z } from 'zod';
import { hasForbiddenNameCharacters } from './names';
import { reviewAnswers, reviewStatuses, type ReviewAnswer, type ReviewStatus } from './access';
import { investorTypes, type KycStatus } from './auth';

/**
 * Identity (KYC) and investor verification on the wire. The review statuses and answers are
 * the spec's (section 7); the rest is this app's own shape for the local provider.
 */

export const kycProviders = ['local', 'sumsub'] as const;
export type KycProvider = (typeof kycProviders)[number];

export const rejectTypes = ['RETRY', 'FINAL'] as const;
export type RejectType = (typeof rejectTypes)[number];

export const documentTypes = ['PASSPORT', 'ID_CARD', 'DRIVERS_LICENSE', 'RESIDENCE_PERMIT'] as const;
export type DocumentType = (typeof documentTypes)[number];
/** A passport is one page; every other document has a back side too. */
export const isTwoSided = (type: DocumentType) => type !== 'PASSPORT';

export const investorBases = ['INCOME', 'NET_WORTH', 'PROFESSIONAL', 'ENTITY_ASSETS'] as const;
export type InvestorBasis = (typeof investorBases)[number];

/** Accepted upload types, each recognised by its first bytes, never by name or header. */
export const uploadContentTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** What an uploaded file is used as in a submission. */
export const fileUses = ['FRONT', 'BACK', 'SELFIE', 'EVIDENCE'] as const;
export type FileUse = (typeof fileUses)[number];
export type UploadContentType = (typeof uploadContentTypes)[number];

export interface ReviewFacts {
  reviewStatus: ReviewStatus;
  reviewAnswer: ReviewAnswer | null;
}

/**
 * The one rule of the KYC group (spec section 2): the review is completed and its answer is
 * GREEN. A completed review always carries an answer here, so "not RED" and "GREEN" agree.
 */
export function isIdentityApproved(review: ReviewFacts | null): boolean {
  return review !== null && review.reviewStatus === 'completed' && review.reviewAnswer === 'GREEN';
}

/** The identity status on the profile (spec section 7), derived from the review only. */
export function identityStatusOf(review: ReviewFacts | null): KycStatus {
  if (!review || review.reviewStatus === 'init') return 'NONE';
  if (review.reviewStatus !== 'completed' || review.reviewAnswer === null) return 'INPROGRESS';
  return review.reviewAnswer;
}

/** Why a new submission is not taken now: it waits for review, it is approved, or it was declined for good. */
export type SubmissionRefusal = 'WAITING' | 'APPROVED' | 'DECLINED_FOR_GOOD';

/**
 * The one submission rule, for identity checks and investor verifications alike: a new
 * submission is taken before the first one, while on hold, or after a RED answer of type RETRY.
 * The server refuses with it; the screens offer the form by it.
 */
export function submissionRefusalOf(
  review: (ReviewFacts & { rejectType: RejectType | null }) | null,
): SubmissionRefusal | null {
  if (!review || review.reviewStatus === 'init' || review.reviewStatus === 'onHold') return null;
  if (review.reviewStatus !== 'completed') return 'WAITING';
  if (review.reviewAnswer === 'GREEN') return 'APPROVED';
  return review.rejectType === 'RETRY' ? null : 'DECLINED_FOR_GOOD';
}

export const maySubmit = (review: Parameters<typeof submissionRefusalOf>[0]): boolean =>
  submissionRefusalOf(review) === null;

const trimmed = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `Enter ${label}.` })
    .max(max, { error: `${label[0]!.toUpperCase()}${label.slice(1)} has at most ${max} characters.` })
    // The same rule as every other name (src/domain/names.ts): no invisible or direction characters.
    .refine((value) => !hasForbiddenNameCharacters(value), {
      error: `${label[0]!.toUpperCase()}${label.slice(1)} contains characters it may not.`,
    });

const fileIdSchema = z.uuid({ error: 'Upload the file again.' });

export const dateOfBirthSchema = z.iso
  .date({ error: 'Enter the date of birth as YYYY-MM-DD.' })
  .refine((value) => value >= '1900-01-01', { error: 'Enter a real date of birth.' });

export const identitySubmissionSchema = z
  .strictObject({
    legalName: trimmed(120, 'your legal name'),
    dateOfBirth: dateOfBirthSchema,
    countryOfResidence: z.string().regex(/^[A-Z]{2}$/, { error: 'Choose your country of residence.' }),
    investorType: z.enum(investorTypes),
    entityName: trimmed(160, 'the registered name').optional(),
    entityNumber: trimmed(60, 'the registration number').optional(),
    documentType: z.enum(documentTypes),
    frontFileId: fileIdSchema,
    backFileId: fileIdSchema.optional(),
    selfieFileId: fileIdSchema,
  })
  .superRefine((value, ctx) => {
    if (value.investorType === 'COMPANY') {
      if (!value.entityName)
        ctx.addIssue({ code: 'custom', path: ['entityName'], message: 'Enter the registered name.' });
      if (!value.entityNumber) {
        ctx.addIssue({ code: 'custom', path: ['entityNumber'], message: 'Enter the registration number.' });
      }
    }
    if (isTwoSided(value.documentType) && !value.backFileId) {
      ctx.addIssue({ code: 'custom', path: ['backFileId'], message: 'Add the back of the document.' });
    }
  });
export type IdentitySubmission = z.infer<typeof identitySubmissionSchema>;

export const uploadedFileSchema = z.object({
  id: z.string(),
  contentType: z.enum(uploadContentTypes),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const fileIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'No such file.' }) });

/** GET /api/v1/kyc/status: everything the identity pages need to say where the user stands. */
export const kycStatusSchema = z.object({
  provider: z.enum(kycProviders),
  identityStatus: z.enum(['NONE', 'INPROGRESS', 'GREEN', 'RED']),
  reviewStatus: z.enum(reviewStatuses),
  reviewAnswer: z.enum(reviewAnswers).nullable(),
  rejectType: z.enum(rejectTypes).nullable(),
  /** What the reviewer wrote to the user (what to fix, what is needed). */
  message: z.string().nullable(),
  submittedAt: z.iso.datetime().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  /** What was submitted last, so a resubmission starts from it. */
  submission: z
    .object({
      legalName: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      countryOfResidence: z.string().nullable(),
      investorType: z.enum(investorTypes),
      entityName: z.string().nullable(),
      entityNumber: z.string().nullable(),
      documentType: z.enum(documentTypes).nullable(),
    })
    .nullable(),
});
export type KycStatusResponse = z.infer<typeof kycStatusSchema>;

/** The body may be empty; who the token is for always comes from the session, never the body. */
export const generateTokenRequestSchema = z.strictObject({}).nullish();
export const generateTokenResponseSchema = z.object({
  provider: z.enum(kycProviders),
  /** The WebSDK access token; null with the local provider, which needs none. */
  token: z.string().nullable(),
  /** The WebSDK host the page loads the SDK from; null with the local provider. */
  sdkUrl: z.string().nullable(),
});
export type GenerateTokenResponse = z.infer<typeof generateTokenResponseSchema>;

/** Where the money of a purchase comes from, as the investor declares it. */
export const sourcesOfFunds = ['SALARY', 'SAVINGS', 'BUSINESS', 'INVESTMENTS', 'INHERITANCE', 'OTHER'] as const;
export type SourceOfFunds = (typeof sourcesOfFunds)[number];

/** GET /api/v1/kyc/purchase/list: the identities to buy under, and the saved default choices. */
export const purchaseListSchema = z.object({
  list: z.array(z.object({ id: z.string(), display: z.string(), isDefault: z.boolean() })),
  /** The source of funds saved with the default identity, or null before one was saved. */
  defaultSourceOfFunds: z.enum(sourcesOfFunds).nullable(),
});
/** POST /api/v1/kyc/setting/default: the identity, and optionally the source of funds, to preselect next time. */
export const setDefaultKycRequestSchema = z.strictObject({
  id: z.uuid({ error: 'Choose one of your identities.' }),
  sourceOfFunds: z.enum(sourcesOfFunds, { error: 'Choose where the money comes from.' }).optional(),
});
export type SetDefaultKycRequest = z.infer<typeof setDefaultKycRequestSchema>;

export const investorSubmissionSchema = z.strictObject({
  basis: z.enum(investorBases),
  details: trimmed(1000, 'a short description of the evidence'),
  evidenceFileIds: z
    .array(fileIdSchema)
    .min(1, { error: 'Add at least one document as evidence.' })
    .max(5, { error: 'Add at most five documents.' }),
  isSelfCertified: z.literal(true, { error: 'Confirm that the statement is true.' }),
});
export type InvestorSubmission = z.infer<typeof investorSubmissionSchema>;

export const investorStatusSchema = z.object({
  status: z.enum(['NONE', 'PENDING', 'GREEN', 'RED']),
  basis: z.enum(investorBases).nullable(),
  rejectType: z.enum(rejectTypes).nullable(),
  message: z.string().nullable(),
  submittedAt: z.iso.datetime().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
});
export type InvestorStatusResponse = z.infer<typeof investorStatusSchema>;

/** The detail of a KYC_REVIEW_UPDATED audit event, as the account activity reads it. */
export const kycReviewDetailSchema = z
  .object({
    status: z.enum(reviewStatuses),
    answer: z.enum(reviewAnswers).optional(),
    rejectType: z.enum(rejectTypes).optional(),
  })
  .transform((detail) => ({
    reviewStatus: detail.status,
    reviewAnswer: detail.answer ?? null,
    rejectType: detail.rejectType ?? null,
  }));
