import {
  investorStatusSchema,
  kycStatusSchema,
  uploadedFileSchema,
  type IdentitySubmission,
  type InvestorSubmission,
} from '../../domain/kyc';
import { api } from '../../lib/api';

export function uploadFile(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.request('/api/v1/kyc/files', { method: 'POST', body, schema: uploadedFileSchema });
}

export function submitIdentity(body: IdentitySubmission) {
  return api.request('/api/v1/kyc/submissions', { method: 'POST', body, schema: kycStatusSchema });
}

export function submitInvestorVerification(body: InvestorSubmission) {
  return api.request('/api/v1/kyc/investor', { method: 'POST', body, schema: investorStatusSchema });
}
