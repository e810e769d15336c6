import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from 'zod';
import { productIdSchema } from '../../../domain/schemas';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { ProjectPlaceholder } from '../-components/project-placeholder';

/**
 * ?productId must be an integer of at least 1 (spec §5). The search is parsed without
 * throwing so that a bad link shows a clear message on this page instead of an error page.
 */
const claimGiftSearch = z.object({ productId: z.unknown().optional() }).transform(({ productId }) => {
  const parsed = productIdSchema.safeParse(productId);
  return parsed.success
    ? { productId: parsed.data, productIdError: undefined }
    : {
        productId: undefined,
        productIdError:
          productId === undefined ? 'This link does not name a project.' : parsed.error.issues[0]?.message,
      };
});

export const Route = createFileRoute('/_kyc/claim-gift/')({
  validateSearch: claimGiftSearch,
  head: () => pageHead('Claim your gift'),
  component: Page,
});

function Page() {
  const { productId, productIdError } = Route.useSearch();
  if (productIdError) {
    return (
      <section className="container py-10 sm:py-16">
        <h1 className="page-title">Claim your gift</h1>
        <div role="alert" className="card mt-8 max-w-2xl p-6">
          <p className="font-semibold text-coral-700">This gift link is not valid.</p>
          <p className="mt-2 text-ink-soft">
            {productIdError} Open the project you hold and choose its gift from there.
          </p>
          <Link to="/projects" className="btn-primary mt-6">
            Browse projects
          </Link>
        </div>
      </section>
    );
  }
  return (
    <ProjectPlaceholder productId={productId} title={t('gift.title')}>
      <p>{t('gift.what')}</p>
      <p>{t('gift.when')}</p>
    </ProjectPlaceholder>
  );
}
