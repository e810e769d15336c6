import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { downloadToDevice } from '../mutations';
import { documentsQueryOptions } from '../queries';

function DownloadButton({ path, name }: { path: string; name: string }) {
  const isOnline = useIsOnline();
  const [isBusy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={!isOnline || isBusy}
      title={isOnline ? undefined : t('portfolio.offlineAction')}
      aria-label={t('documents.download', { name })}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadToDevice(path, name);
        } catch {
          toast.error(t('documents.downloadFailed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <span className="i-lucide-download" aria-hidden="true" />
      {isOnline ? null : <span className="text-xs">{t('portfolio.offlineAction')}</span>}
    </button>
  );
}

/** Documents of every held project and the investor's signed contracts, each downloadable by its owner. */
export function DocumentsList() {
  const { data } = useQuery(documentsQueryOptions());
  const isOnline = useIsOnline();
  if (!data) return null;
  return (
    <div className="mt-6 space-y-6">
      {!isOnline ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('portfolio.offline')}
        </p>
      ) : null}
      <section className="card p-4 sm:p-5" aria-labelledby="project-documents">
        <h2 id="project-documents" className="font-semibold text-ink">
          {t('documents.projectDocuments')}
        </h2>
        {data.documents.length ? (
          <ul className="mt-3 divide-y divide-line" data-testid="documents">
            {data.documents.map((doc) => (
              <li key={doc.id} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">{doc.title}</p>
                  <p className="truncate text-sm text-ink-muted">
                    {doc.productName} · {doc.fileName}
                  </p>
                </div>
                <DownloadButton path={doc.downloadUrl} name={doc.fileName} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-muted">{t('documents.none')}</p>
        )}
      </section>
      <section className="card p-4 sm:p-5" aria-labelledby="signed-contracts">
        <h2 id="signed-contracts" className="font-semibold text-ink">
          {t('documents.contracts')}
        </h2>
        {data.contracts.length ? (
          <ul className="mt-3 divide-y divide-line">
            {data.contracts.map((contract) => (
              <li key={contract.id} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">{contract.productName}</p>
                  <p className="truncate text-sm text-ink-muted">
                    {t('documents.signedOn', { date: formatDate(contract.signedAt) })} · {contract.fileName}
                  </p>
                </div>
                <DownloadButton path={contract.downloadUrl} name={contract.fileName} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-muted">{t('documents.noContracts')}</p>
        )}
      </section>
    </div>
  );
}
