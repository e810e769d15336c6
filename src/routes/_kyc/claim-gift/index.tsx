import { createFileRoute, Link } from '@tanstack/react-router';
import { readWholeNumber } from '../../../domain/search';
import { pageHead } from '../../../lib/head';
import { GiftClaim } from '../../../features/portfolio/components/gift-claim';
import { t, validationText } from '../../../lib/i18n';

/**
 * ?productId must be an integer of at least 1 (spec §5). The search is parsed without
 * throwing so that a bad link shows a clear message on this page instead of an error page.
 */
function claimGiftSearch({ productId }: Record<string, unknown>): { productId?: number; productIdError?: string } {
  const id = readWholeNumber(productId);
  if (id !== undefined) return { productId: id, productIdError: undefined };
  return {
    productId: undefined,
    productIdError: productId === undefined ? t('site.gift.noProject') : 'validation.projectId',
  };
}

export const Route = createFileRoute('/_kyc/claim-gift/')({
  staticData: { texts: ['account', 'invest', 'site', 'validation'] },
  validateSearch: claimGiftSearch,
  head: () => pageHead(t('site.gift.title')),
  component: Page,
});

function Page() {
  const { productId, productIdError } = Route.useSearch();
  if (productIdError) {
    return (
      <section className="container py-10 sm:py-16">
        <h1 className="page-title">{t('site.gift.title')}</h1>
        <div role="alert" className="card mt-8 max-w-2xl p-6">
          <p className="font-semibold text-coral-700">{t('site.gift.invalid')}</p>
          <p className="mt-2 text-ink-soft">
            {t('site.gift.invalidHelp', { reason: validationText(productIdError) ?? '' })}
          </p>
          <Link to="/projects" className="btn-primary mt-6">
            {t('site.gift.browse')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="container py-10 sm:py-16">
      <p className="eyebrow">{t('site.gift.project', { id: productId! })}</p>
      <h1 className="page-title mt-2">{t('gift.title')}</h1>
      <GiftClaim productId={productId!} />
    </section>
  );
}
