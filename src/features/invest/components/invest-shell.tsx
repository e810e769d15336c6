import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ProductDetail } from '../../../domain/products';
import { t } from '../../../lib/i18n';
import { InvestFlowProvider } from '../invest-flow';

/** The invest page opened without a project: where to find one. */
export function NoProductChosen() {
  return (
    <section className="container py-10 sm:py-16">
      <p className="eyebrow">{t('invest.eyebrow')}</p>
      <h1 className="page-title mt-2">{t('invest.noProduct')}</h1>
      <div className="card mt-6 max-w-xl p-6">
        <p className="text-ink-soft">{t('invest.noProductBody')}</p>
        <Link to="/projects" className="btn-primary mt-5">
          {t('invest.browse')}
        </Link>
      </div>
    </section>
  );
}

/**
 * The invest flow's frame for one project: its header and the flow's state, around the step shown.
 * `stepKey` names that step; when it changes, focus moves to the new step.
 */
export function InvestShell({
  product,
  stepKey,
  children,
}: {
  product: ProductDetail;
  stepKey: string;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLDivElement>(null);
  const isFirstRender = useRef(true);
  useEffect(() => {
    // Each step replaces the last in place: move focus so a screen reader starts reading it.
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stepKey]);

  return (
    <InvestFlowProvider initial={{ productId: String(product.id), isCanWitch: product.canWitch }}>
      <section className="container max-w-3xl py-6 sm:py-10">
        <Link
          to="/projects/$productId"
          params={{ productId: product.id }}
          className="text-link inline-flex min-h-11 items-center gap-1 text-sm font-semibold"
        >
          <span className="i-lucide-arrow-left" aria-hidden="true" />
          {t('invest.backToProject')}
        </Link>
        <header className="mt-2 flex items-center gap-3">
          <img src={product.logo} alt="" className="h-12 w-12 shrink-0 rounded-xl" width={48} height={48} />
          <div className="min-w-0">
            <p className="eyebrow">{t('invest.eyebrow')}</p>
            <h1 className="text-xl font-extrabold tracking-tight text-ink sm:text-3xl">{product.name}</h1>
          </div>
        </header>
        <div ref={headingRef} tabIndex={-1} className="outline-none">
          {children}
        </div>
      </section>
    </InvestFlowProvider>
  );
}
