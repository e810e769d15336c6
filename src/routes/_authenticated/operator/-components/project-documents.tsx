import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { OperatorDocument } from '../../../../domain/project-documents';
import { useAddDocument, useReplaceDocument } from '../../../../features/operator-projects/mutations';
import { projectDocumentsOptions } from '../../../../features/operator-projects/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t } from '../../../../lib/i18n';
import { QueryProblem } from './query-problem';

/**
 * The project's documents: each with its versions (the current one first, every earlier one still
 * downloadable, as investors see them), a replacement PDF with a note of what changed, and a new
 * document. The server checks each file is a PDF by its content and records who sent it.
 */
export function DocumentsPanel({ id }: { id: number }) {
  const documents = useQuery(projectDocumentsOptions(id));
  return (
    <section className="card mt-6 p-4 sm:p-6" aria-labelledby="project-documents-title" data-testid="project-documents">
      <h2 id="project-documents-title" className="text-lg font-bold text-ink">
        {t('operator.documents.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t('operator.documents.intro')}</p>
      {documents.data ? (
        <>
          {documents.data.documents.length === 0 ? (
            <p className="mt-3 text-sm text-ink-soft">{t('operator.documents.empty')}</p>
          ) : (
            <ul className="mt-4 space-y-4">
              {documents.data.documents.map((document) => (
                <DocumentItem key={document.id} projectId={id} document={document} />
              ))}
            </ul>
          )}
          <AddDocument projectId={id} />
        </>
      ) : (
        <QueryProblem query={documents} />
      )}
    </section>
  );
}

function DocumentItem({ projectId, document }: { projectId: number; document: OperatorDocument }) {
  const current = document.versions[0];
  return (
    <li className="rounded-md border border-line p-3" data-testid="project-document">
      <h3 className="break-words font-semibold text-ink">{document.name}</h3>
      <p className="text-sm text-ink-soft">
        {document.versions.length === 1
          ? t('operator.documents.versionOne')
          : t('operator.documents.versionCount', { count: document.versions.length })}
      </p>
      <ol className="mt-2 space-y-2 text-sm" aria-label={t('operator.documents.history', { name: document.name })}>
        {document.versions.map((version) => (
          <li key={version.version} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <a
              href={version.url}
              target="_blank"
              rel="noreferrer"
              className="text-link font-semibold"
              aria-label={t('operator.documents.download', { name: document.name, version: version.version })}
            >
              {t('operator.documents.version', { version: version.version })}
            </a>
            {version.isCurrent ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                {t('operator.documents.current')}
              </span>
            ) : null}
            <span className="text-ink-soft">{formatDateTime(version.createdAt)}</span>
            {version.note ? <span className="basis-full break-words text-ink">{version.note}</span> : null}
          </li>
        ))}
      </ol>
      {current ? <ReplaceDocument projectId={projectId} document={document} /> : null}
    </li>
  );
}

function ReplaceDocument({ projectId, document }: { projectId: number; document: OperatorDocument }) {
  const replace = useReplaceDocument(projectId);
  const id = useId();
  const [open, setOpen] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return;
    replace.mutate(
      { documentId: document.id, file, note: String(data.get('note') ?? '') },
      {
        onSuccess: () => {
          form.reset();
          setOpen(false);
        },
      },
    );
  };
  if (!open) {
    return (
      <button
        type="button"
        className="btn-secondary mt-3"
        onClick={() => setOpen(true)}
        aria-label={`${t('operator.documents.replace')}: ${document.name}`}
      >
        <span className="i-lucide-file-pen" aria-hidden="true" />
        {t('operator.documents.replace')}
      </button>
    );
  }
  return (
    <form
      onSubmit={submit}
      className="mt-3 grid gap-3 rounded-md bg-paper p-3 sm:grid-cols-2"
      aria-label={t('operator.documents.replaceFor', { name: document.name })}
    >
      <label className="block text-sm" htmlFor={`${id}-file`}>
        <span className="font-semibold text-ink">{t('operator.documents.file')}</span>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept="application/pdf"
          required
          className="mt-1 block w-full text-sm"
        />
      </label>
      <label className="block text-sm" htmlFor={`${id}-note`}>
        <span className="font-semibold text-ink">{t('operator.documents.note')}</span>
        <input id={`${id}-note`} name="note" type="text" maxLength={500} className="input mt-1 w-full" />
      </label>
      {replace.error ? (
        <p role="alert" className="text-sm text-coral-800 sm:col-span-2">
          {replace.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={replace.isPending}>
          <span className="i-lucide-arrow-up" aria-hidden="true" />
          {t('operator.documents.upload')}
        </button>
        <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
          {t('operator.documents.cancel')}
        </button>
      </div>
    </form>
  );
}

function AddDocument({ projectId }: { projectId: number }) {
  const add = useAddDocument(projectId);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return;
    add.mutate(
      { name: String(data.get('name') ?? ''), file, note: String(data.get('note') ?? '') },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form onSubmit={submit} className="mt-6 border-t border-line pt-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-ink">
        {t('operator.documents.add')}
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <label className="block text-sm" htmlFor={`${id}-name`}>
          <span className="font-semibold text-ink">{t('operator.documents.name')}</span>
          <input id={`${id}-name`} name="name" type="text" maxLength={200} className="input mt-1 w-full" />
        </label>
        <label className="block text-sm" htmlFor={`${id}-file`}>
          <span className="font-semibold text-ink">{t('operator.documents.newFile')}</span>
          <input
            id={`${id}-file`}
            name="file"
            type="file"
            accept="application/pdf"
            required
            className="mt-1 block w-full text-sm"
          />
        </label>
        <label className="block text-sm sm:col-span-2" htmlFor={`${id}-note`}>
          <span className="font-semibold text-ink">{t('operator.documents.note')}</span>
          <input id={`${id}-note`} name="note" type="text" maxLength={500} className="input mt-1 w-full" />
        </label>
      </div>
      {add.error ? (
        <p role="alert" className="mt-2 text-sm text-coral-800">
          {add.error.message}
        </p>
      ) : null}
      <button type="submit" className="btn-primary mt-3" disabled={add.isPending} data-testid="document-add">
        <span className="i-lucide-file-plus-2" aria-hidden="true" />
        {t('operator.documents.addButton')}
      </button>
    </form>
  );
}
