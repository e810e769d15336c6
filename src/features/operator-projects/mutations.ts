import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { OperatorDocumentList } from '../../domain/project-documents';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { projectDocumentsKey } from './queries';

/**
 * The Projects screen's uploads: images for the page's fields, and the project's documents
 * (added, or replaced with their history kept). Only the documents' own read is refreshed after
 * an upload, so the project form being edited beside them keeps what is typed in it.
 */

const schemas = () => import('../../domain/project-documents');

function formOf(file: File, fields: Record<string, string | null>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) body.append(name, value);
  body.append('file', file);
  return body;
}

/** Uploads an image for the project's page; the server checks it is an image by its content. */
export function useUploadProjectImage(id: number) {
  return useMutation({
    networkMode: 'always',
    mutationFn: (file: File) =>
      api.request(`/api/v1/operator/projects/${id}/images`, {
        method: 'POST',
        body: formOf(file, {}),
        schema: loadSchema(schemas, 'projectImageSchema'),
      }),
  });
}

function useDocumentsAnswer(id: number) {
  const queryClient = useQueryClient();
  return (list: OperatorDocumentList) => {
    queryClient.setQueryData(projectDocumentsKey(id), list);
    toast.success(t('operator.documents.saved'));
  };
}

/** Replaces a document with a new PDF; its history keeps the earlier versions. */
export function useReplaceDocument(id: number) {
  const answered = useDocumentsAnswer(id);
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ documentId, file, note }: { documentId: number; file: File; note: string }) =>
      api.request(`/api/v1/operator/projects/${id}/documents/${documentId}/versions`, {
        method: 'POST',
        body: formOf(file, { note: note.trim() || null }),
        schema: loadSchema(schemas, 'operatorDocumentListSchema'),
      }),
    onSuccess: answered,
  });
}

/** Adds a document (a PDF) to the project. */
export function useAddDocument(id: number) {
  const answered = useDocumentsAnswer(id);
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ name, file, note }: { name: string; file: File; note: string }) =>
      api.request(`/api/v1/operator/projects/${id}/documents`, {
        method: 'POST',
        body: formOf(file, { name, note: note.trim() || null }),
        schema: loadSchema(schemas, 'operatorDocumentListSchema'),
      }),
    onSuccess: answered,
  });
}
