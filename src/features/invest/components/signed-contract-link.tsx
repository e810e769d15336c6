import { toast } from 'sonner';
import type { Order } from '../../../domain/orders';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { useDownloadSignFile } from '../mutations';

/** Downloads the signed contract PDF, named as the server says. */
export function SignedContractDownload({ order }: { order: Order }) {
  const isOnline = useIsOnline();
  const download = useDownloadSignFile();
  if (!order.signFileId) return null;
  const fileId = order.signFileId;
  return (
    <div>
      <button
        type="button"
        className="btn-secondary"
        disabled={download.isPending || !isOnline}
        onClick={() =>
          download.mutate(
            { fileId, fallbackName: `${order.reference}-contract.pdf` },
            {
              onSuccess: (name) => toast.success(t('invest.contract.downloaded', { name })),
              onError: (error) => toast.error(error.message),
            },
          )
        }
      >
        <span className="i-lucide-file-down" aria-hidden="true" />
        {t('invest.contract.download')}
      </button>
      {!isOnline ? <p className="mt-1 text-sm text-ink-muted">{t('invest.offline')}</p> : null}
    </div>
  );
}
