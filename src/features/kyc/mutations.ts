import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  identitySubmissionSchema,
  type IdentitySubmission,
  type InvestorStatusResponse,
  type InvestorSubmission,
  type KycStatusResponse,
} from '../../domain/kyc';
import { api } from '../../lib/api';
import type { Reactions } from '../../lib/reactions';
import { kycKeys } from './queries';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const kycSchemas = () => import('../../domain/kyc');

export function uploadFile(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.request('/api/v1/kyc/files', {
    method: 'POST',
    body,
    schema: loadSchema(kycSchemas, 'uploadedFileSchema'),
  });
}

export function submitIdentity(body: IdentitySubmission) {
  return api.request('/api/v1/kyc/submissions', {
    method: 'POST',
    body,
    schema: loadSchema(kycSchemas, 'kycStatusSchema'),
  });
}

export function submitInvestorVerification(body: InvestorSubmission) {
  return api.request('/api/v1/kyc/investor', {
    method: 'POST',
    body,
    schema: loadSchema(kycSchemas, 'investorStatusSchema'),
  });
}

/** The identity check: the document's sides and a selfie are uploaded, then the details sent with their ids. */
export interface IdentityDraft {
  /** As typed; checked (and trimmed) by the shared schema once the files have their ids. */
  details: Omit<IdentitySubmission, 'frontFileId' | 'backFileId' | 'selfieFileId'>;
  front: File;
  back?: File;
  selfie: File;
}

export function useSubmitIdentity(options: Reactions<KycStatusResponse, IdentityDraft> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async ({ details, front, back, selfie }) => {
      const frontFileId = (await uploadFile(front)).id;
      const backFileId = back ? (await uploadFile(back)).id : undefined;
      const selfieFileId = (await uploadFile(selfie)).id;
      return submitIdentity(
        identitySubmissionSchema.parse({
          ...details,
          frontFileId,
          ...(backFileId ? { backFileId } : {}),
          selfieFileId,
        }),
      );
    },
    onSuccess: (status, ...rest) => {
      queryClient.setQueryData(kycKeys.status(), status);
      return options.onSuccess?.(status, ...rest);
    },
  });
}

/** Investor verification: each piece of evidence is uploaded, then the statement sent with their ids. */
export interface InvestorDraft {
  statement: Omit<InvestorSubmission, 'evidenceFileIds'>;
  evidence: File[];
}

export function useSubmitInvestorVerification(options: Reactions<InvestorStatusResponse, InvestorDraft> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async ({ statement, evidence }) => {
      const evidenceFileIds: string[] = [];
      for (const file of evidence) evidenceFileIds.push((await uploadFile(file)).id);
      return submitInvestorVerification({ ...statement, evidenceFileIds });
    },
    onSuccess: (status, ...rest) => {
      queryClient.setQueryData(kycKeys.investor(), status);
      return options.onSuccess?.(status, ...rest);
    },
  });
}
