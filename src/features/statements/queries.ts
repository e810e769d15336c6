import { queryOptions } from '@tanstack/react-query';
import type { StatementLineState, StatementMapping } from '../../domain/bank-statements';
import { api } from '../../lib/api';
import { createApiClient, loadSchema } from '../../lib/api-client';
import { getAccessToken } from '../../lib/cookies';
import { getLanguage } from '../../lib/i18n';
import { endSession } from '../../lib/session';

/**
 * The console's key prefix (features/operator/queries.ts): the persister leaves it out of
 * IndexedDB, so statement lines are never saved on the device (decision 1802).
 */
export const OPERATOR_KEY = 'operator';

// The response schemas load with the first response that needs them, not with the page.
const schemas = () => import('../../domain/bank-statements');

/** Statement reads sit under the operator prefix: never saved on the device (decision 1802). */
export const statementKeys = {
  all: () => [OPERATOR_KEY, 'statements'] as const,
  lines: (state: StatementLineState | null) => [OPERATOR_KEY, 'statements', 'lines', state] as const,
  mappings: () => [OPERATOR_KEY, 'statements', 'mappings'] as const,
};

const meta = { persist: false } as const;

export const statementLinesOptions = (state: StatementLineState | null) =>
  queryOptions({
    queryKey: statementKeys.lines(state),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/statements/lines', {
        query: { state },
        schema: loadSchema(schemas, 'statementLineListSchema'),
        signal,
      }),
    staleTime: 10_000,
    meta,
  });

export const statementMappingsOptions = () =>
  queryOptions({
    queryKey: statementKeys.mappings(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/statements/mappings', {
        schema: loadSchema(schemas, 'statementMappingListSchema'),
        signal,
      }),
    staleTime: 60_000,
    meta,
  });

/**
 * A client that sends the statement file itself as the body (text/csv), with the app client's
 * session, language and error handling. It lives here, loaded with the console, so the
 * investor's first page carries nothing of it.
 */
function uploader(file: Blob) {
  return createApiClient({
    baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Content-Type', 'text/csv');
      return globalThis.fetch(input, { ...init, headers, body: file });
    },
    getToken: getAccessToken,
    getLanguage,
    onSessionEnd: endSession,
  });
}

export const previewStatement = (bank: string, file: File) =>
  uploader(file).request('/api/v1/operator/statements/preview', {
    method: 'POST',
    query: { bank },
    body: {},
    schema: loadSchema(schemas, 'statementPreviewSchema'),
  });

export const importStatement = (bank: string, file: File) =>
  uploader(file).request('/api/v1/operator/statements/import', {
    method: 'POST',
    query: { bank },
    body: {},
    schema: loadSchema(schemas, 'statementImportSchema'),
  });

export const saveMapping = (mapping: StatementMapping) =>
  api.request('/api/v1/operator/statements/mappings', {
    method: 'PUT',
    body: mapping,
    schema: loadSchema(schemas, 'statementMappingSchema'),
  });

export const confirmLines = (lineIds: string[]) =>
  api.request('/api/v1/operator/statements/confirm', {
    method: 'POST',
    body: { lineIds },
    schema: loadSchema(schemas, 'statementConfirmResultSchema'),
  });

export const assignLine = (id: string, reference: string, note: string) =>
  api.request(`/api/v1/operator/statements/lines/${id}/assign`, {
    method: 'POST',
    body: { reference, note },
    schema: loadSchema(schemas, 'statementLineOutcomeSchema'),
  });

export const returnLine = (id: string, note: string) =>
  api.request(`/api/v1/operator/statements/lines/${id}/return`, {
    method: 'POST',
    body: { note },
    schema: loadSchema(schemas, 'statementLineOutcomeSchema'),
  });
