import { queryOptions } from '@tanstack/react-query';
import type { AuditQuery } from '../../domain/operator-console';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const operatorSchemas = () => import('../../domain/operator');
const consoleSchemas = () => import('../../domain/operator-console');
const projectSchemas = () => import('../../domain/project-editing');
const catalogueSchemas = () => import('../../domain/products');

/**
 * Every operator read starts with this key. The persister leaves the whole prefix out of
 * IndexedDB (src/lib/query-persistence.ts) and memory forgets it at the default time: the console
 * is online-only and other people's data never stays on the device (decision 1802).
 */
export const OPERATOR_KEY = 'operator';

export const operatorKeys = {
  all: () => [OPERATOR_KEY] as const,
  queue: () => [OPERATOR_KEY, 'queue'] as const,
  reviews: () => [OPERATOR_KEY, 'reviews'] as const,
  review: (userId: string) => [OPERATOR_KEY, 'reviews', userId] as const,
  document: (userId: string, fileId: string) => [OPERATOR_KEY, 'document', userId, fileId] as const,
  payments: () => [OPERATOR_KEY, 'payments'] as const,
  approvals: () => [OPERATOR_KEY, 'approvals'] as const,
  audit: (query: AuditQuery) => [OPERATOR_KEY, 'audit', query] as const,
  projects: () => [OPERATOR_KEY, 'projects'] as const,
  project: (id: number) => [OPERATOR_KEY, 'projects', id] as const,
  projectPreview: (id: number) => [OPERATOR_KEY, 'projects', id, 'preview'] as const,
  capTable: (id: number, date: string) => [OPERATOR_KEY, 'projects', id, 'cap-table', date] as const,
};

/** Operator reads are never saved on the device (the key prefix), and say so in their meta too. */
const operatorMeta = { persist: false } as const;

export const queueOptions = () =>
  queryOptions({
    queryKey: operatorKeys.queue(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/queue', { schema: loadSchema(operatorSchemas, 'queueResponseSchema'), signal }),
    staleTime: 15_000,
    meta: operatorMeta,
  });

export const reviewsOptions = () =>
  queryOptions({
    queryKey: operatorKeys.reviews(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/reviews', {
        schema: loadSchema(consoleSchemas, 'waitingReviewListSchema'),
        signal,
      }),
    staleTime: 15_000,
    meta: operatorMeta,
  });

export const reviewOptions = (userId: string) =>
  queryOptions({
    queryKey: operatorKeys.review(userId),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/operator/reviews/${userId}`, {
        schema: loadSchema(consoleSchemas, 'reviewSubmissionSchema'),
        signal,
      }),
    meta: operatorMeta,
  });

/**
 * An uploaded document's bytes as a blob, for showing inline. Each fetch is one audited viewing
 * on the server, so it is fetched once per visit of the page and never refetched behind.
 */
export const documentOptions = (userId: string, fileId: string) =>
  queryOptions({
    queryKey: operatorKeys.document(userId, fileId),
    queryFn: async ({ signal }) => {
      const { blob } = await api.download(`/api/v1/operator/reviews/${userId}/files/${fileId}`, { signal });
      // An image is shown from a data: URL, which the page's policy lets an <img> read.
      return { blob, imageUrl: blob.type.startsWith('image/') ? await dataUrlOf(blob) : null };
    },
    staleTime: Infinity,
    gcTime: 60_000,
    meta: operatorMeta,
  });

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The document could not be read.'));
    reader.readAsDataURL(blob);
  });
}

export const paymentsOptions = () =>
  queryOptions({
    queryKey: operatorKeys.payments(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/payments', {
        schema: loadSchema(operatorSchemas, 'declaredPaymentListSchema'),
        signal,
      }),
    staleTime: 15_000,
    meta: operatorMeta,
  });

export const approvalsOptions = () =>
  queryOptions({
    queryKey: operatorKeys.approvals(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/approvals', {
        schema: loadSchema(operatorSchemas, 'approvalListResponseSchema'),
        signal,
      }),
    staleTime: 15_000,
    meta: operatorMeta,
  });

export const auditOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: operatorKeys.audit(query),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/audit', {
        query: { ...query },
        schema: loadSchema(consoleSchemas, 'auditListSchema'),
        signal,
      }),
    staleTime: 10_000,
    meta: operatorMeta,
  });

/** Every page of the audit log under these filters, for the CSV export (at most `max` events). */
export async function fetchWholeAudit(query: Omit<AuditQuery, 'cursor' | 'limit'>, max = 10_000) {
  const { auditListSchema } = await consoleSchemas();
  const events = [];
  let cursor: string | undefined;
  do {
    const page = await api.request('/api/v1/operator/audit', {
      query: { ...query, limit: 1000, cursor },
      schema: auditListSchema,
    });
    events.push(...page.events);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && events.length < max);
  return events;
}

export const projectsOptions = () =>
  queryOptions({
    queryKey: operatorKeys.projects(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/projects', {
        schema: loadSchema(projectSchemas, 'operatorProjectListSchema'),
        signal,
      }),
    staleTime: 15_000,
    meta: operatorMeta,
  });

export const projectOptions = (id: number) =>
  queryOptions({
    queryKey: operatorKeys.project(id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/operator/projects/${id}`, {
        schema: loadSchema(projectSchemas, 'operatorProjectSchema'),
        signal,
      }),
    // An edit in progress is never overwritten behind the operator's back.
    staleTime: Infinity,
    meta: operatorMeta,
  });

/** The project's page as an investor sees it, drafts included. */
export const projectPreviewOptions = (id: number) =>
  queryOptions({
    queryKey: operatorKeys.projectPreview(id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/operator/projects/${id}/preview`, {
        schema: loadSchema(catalogueSchemas, 'productDetailSchema'),
        signal,
      }),
    meta: operatorMeta,
  });

/** Holders and balances at the end of a day (YYYY-MM-DD), from the ledger. */
export const capTableOptions = (id: number, date: string) =>
  queryOptions({
    queryKey: operatorKeys.capTable(id, date),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/operator/projects/${id}/cap-table`, {
        query: { at: date },
        schema: loadSchema(projectSchemas, 'capTableSchema'),
        signal,
      }),
    meta: operatorMeta,
  });

/** The cap table as the CSV file the server writes, with its name. */
export function downloadCapTable(id: number, date: string) {
  return api.download(`/api/v1/operator/projects/${id}/cap-table`, { query: { at: date, format: 'csv' } });
}
