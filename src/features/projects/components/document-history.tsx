import type { DocumentVersion } from '../../../domain/products';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';

/**
 * A document's earlier versions, each still downloadable, with what changed and when: a
 * document never changes silently under an investor's signature. Nothing shows for a
 * document that was never replaced.
 */
export function DocumentHistory({ name, versions }: { name: string; versions: DocumentVersion[] | undefined }) {
  if (!versions || versions.length < 2) return null;
  return (
    <details className="group ml-9 mt-1">
      <summary className="focus-ring inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-sm text-sm font-semibold text-brand-800">
        <span className="i-lucide-history" aria-hidden="true" />
        {t('project.docHistory', { count: versions.length })}
        <span className="sr-only">: {name}</span>
        <span
          className="i-lucide-chevron-down motion-safe:transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <ol className="mt-1 space-y-2 border-l-2 border-line pl-3">
        {versions.map((version) => (
          <li key={version.version} className="text-sm">
            <p className="font-semibold text-ink">
              <a
                href={version.url}
                className="text-link"
                aria-label={t('project.docVersionDownload', { name, version: version.version })}
              >
                {t('project.docVersion', { version: version.version })}
              </a>
              {version.isCurrent ? (
                <span className="ml-2 rounded-full bg-jade-50 px-2 py-0.5 text-xs text-jade-800">
                  {t('project.docCurrent')}
                </span>
              ) : null}
            </p>
            <p className="text-ink-muted">
              <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>
            </p>
            {version.note ? <p className="text-ink-soft">{version.note}</p> : null}
            {version.sha256 ? (
              <p className="break-all font-mono text-xs text-ink-muted">SHA-256 {version.sha256}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
