import type { SaleStatus } from '../../../domain/sale';
import { t, type MessageKey } from '../../../lib/i18n';

const styles: Record<SaleStatus, { label: MessageKey; className: string }> = {
  SALE: { label: 'sale.SALE', className: 'bg-jade-100 text-jade-800' },
  CLOSING_SOON: { label: 'sale.CLOSING_SOON', className: 'bg-coral-100 text-coral-800' },
  SALE_BEFORE: { label: 'sale.SALE_BEFORE', className: 'bg-brand-100 text-brand-800' },
  SALE_END: { label: 'sale.SALE_END', className: 'bg-line text-ink-soft' },
};

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const style = styles[status];
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${style.className}`}>
      {t(style.label)}
    </span>
  );
}

export function Tag({
  icon,
  children,
  tone,
}: {
  icon: string;
  children: string;
  tone: 'gold' | 'coral' | 'ink' | 'brand';
}) {
  const toneClass = {
    gold: 'bg-gold-100 text-gold-700',
    coral: 'bg-coral-50 text-coral-800',
    ink: 'bg-ink text-white',
    brand: 'bg-brand-50 text-brand-800',
  }[tone];
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${toneClass}`}>
      <span className={icon} aria-hidden="true" />
      {children}
    </span>
  );
}
