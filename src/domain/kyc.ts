import { z } from 'zod';
import { visibleText } from './fields';
import {
  ENTITY_NAME_MAX_LENGTH,
  ENTITY_NUMBER_MAX_LENGTH,
  EVIDENCE_DETAILS_MAX_LENGTH,
  EVIDENCE_FILES_MAX,
  LEGAL_NAME_MAX_LENGTH,
} from './limits';
import { says, type ValidationKey } from './validation-messages';
import { reviewAnswers, reviewStatuses, type ReviewAnswer, type ReviewStatus } from './access';
import { investorTypes, type KycStatus } from './auth';
import { sourcesOfFunds, type SourceOfFunds } from './source-of-funds';

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

const fileIdSchema = z.uuid(says('validation.upload'));

export const dateOfBirthSchema = z.iso
  .date(says('validation.dateOfBirth'))
  .refine((value) => value >= '1900-01-01', says('validation.dateOfBirth.real'));

/** The name on an identity document; a contract is signed with the same name. */
export const legalNameSchema = visibleText('validation.legalName', LEGAL_NAME_MAX_LENGTH);

export const identitySubmissionSchema = z
  .strictObject({
    legalName: legalNameSchema,
    dateOfBirth: dateOfBirthSchema,
    countryOfResidence: z.string().regex(/^[A-Z]{2}$/, says('validation.country')),
    investorType: z.enum(investorTypes),
    entityName: visibleText('validation.entityName', ENTITY_NAME_MAX_LENGTH).optional(),
    entityNumber: visibleText('validation.entityNumber', ENTITY_NUMBER_MAX_LENGTH).optional(),
    documentType: z.enum(documentTypes),
    frontFileId: fileIdSchema,
    backFileId: fileIdSchema.optional(),
    selfieFileId: fileIdSchema,
  })
  .superRefine((value, ctx) => {
    if (value.investorType === 'COMPANY') {
      if (!value.entityName)
        ctx.addIssue({
          code: 'custom',
          path: ['entityName'],
          message: 'validation.entityName' satisfies ValidationKey,
        });
      if (!value.entityNumber) {
        ctx.addIssue({
          code: 'custom',
          path: ['entityNumber'],
          message: 'validation.entityNumber' satisfies ValidationKey,
        });
      }
    }
    if (isTwoSided(value.documentType) && !value.backFileId) {
      ctx.addIssue({
        code: 'custom',
        path: ['backFileId'],
        message: 'validation.backOfDocument' satisfies ValidationKey,
      });
    }
  });
export type IdentitySubmission = z.infer<typeof identitySubmissionSchema>;

export const uploadedFileSchema = z.object({
  id: z.string(),
  contentType: z.enum(uploadContentTypes),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const fileIdParamsSchema = z.strictObject({ id: z.uuid(says('validation.fileId')) });

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

export { sourcesOfFunds, type SourceOfFunds };

/** GET /api/v1/kyc/purchase/list: the identities to buy under, and the saved default choices. */
export const purchaseListSchema = z.object({
  list: z.array(z.object({ id: z.string(), display: z.string(), isDefault: z.boolean() })),
  /** The source of funds saved with the default identity, or null before one was saved. */
  defaultSourceOfFunds: z.enum(sourcesOfFunds).nullable(),
});
/** POST /api/v1/kyc/setting/default: the identity, and optionally the source of funds, to preselect next time. */
export const setDefaultKycRequestSchema = z.strictObject({
  id: z.uuid(says('validation.identity')),
  sourceOfFunds: z.enum(sourcesOfFunds, says('validation.sourceOfFunds')).optional(),
});
export type SetDefaultKycRequest = z.infer<typeof setDefaultKycRequestSchema>;

export const investorSubmissionSchema = z.strictObject({
  basis: z.enum(investorBases),
  details: visibleText('validation.evidenceDetails', EVIDENCE_DETAILS_MAX_LENGTH),
  evidenceFileIds: z
    .array(fileIdSchema)
    .min(1, says('validation.evidence'))
    .max(EVIDENCE_FILES_MAX, says('validation.evidence')),
  isSelfCertified: z.literal(true, says('validation.selfCertified')),
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
