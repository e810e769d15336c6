import { Link } from '@tanstack/react-router';
import type { ProductDetail } from '../../../../domain/products';
import { t } from '../../../../lib/i18n';
import { useNetworkAction } from '../../../../lib/offline';
import { NetworkHint } from '../../../../ui/network-button';

/**
 * The project page's Invest action: it carries its project to the invest flow. Closed, not yet
 * open, or offline, it is a disabled button that says why.
 */
export function InvestAction({ project, className = 'w-full' }: { project: ProductDetail; className?: string }) {
  const { isAvailable, reason } = useNetworkAction();
  if (project.saleStatus === 'SALE_END' || project.saleStatus === 'SALE_BEFORE') {
    return (
      <button type="button" className={`btn-primary ${className}`} disabled>
        {project.saleStatus === 'SALE_BEFORE'
          ? t('project.investSoon')
          : project.isSoldOut
            ? t('projects.soldOut')
            : t('project.investClosed')}
      </button>
    );
  }
  if (!isAvailable) {
    return (
      <span className={`flex flex-col gap-1 ${className}`}>
        <button type="button" className="btn-accent w-full" disabled>
          {t('project.invest')}
        </button>
        <NetworkHint reason={reason ?? ''} />
      </span>
    );
  }
  return (
    <Link to="/invest" search={{ productId: project.id }} className={`btn-accent ${className}`}>
      {t('project.invest')}
      <span className="i-lucide-arrow-right" aria-hidden="true" />
    </Link>
  );
}
