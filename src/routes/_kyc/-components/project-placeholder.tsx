import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { productIdSchema } from '../../../domain/schemas';
import { productDetailOptions } from '../../../features/projects/queries';
import { t } from '../../../lib/i18n';

/**
 * A project's page whose feature is still being built: it names the project (from the saved or
 * fetched detail, without waiting for it) and links back to it, so it is never a dead end.
 */
export function ProjectPlaceholder({
  productId,
  title,
  children,
}: {
  productId: unknown;
  title: string;
  children: ReactNode;
}) {
  const parsed = productIdSchema.safeParse(productId);
  const id = parsed.success ? parsed.data : 0;
  const detail = useQuery({ ...productDetailOptions(id), enabled: parsed.success, retry: false });
  const name = detail.data?.name;
  return (
    <section className="container py-8 sm:py-14">
      {parsed.success ? (
        <Link
          to="/projects/$productId"
          params={{ productId: id }}
          className="text-link inline-flex min-h-11 items-center gap-1 text-sm font-semibold"
        >
          <span className="i-lucide-arrow-left" aria-hidden="true" />
          {name ? t('placeholder.backTo', { name }) : t('placeholder.backToProject')}
        </Link>
      ) : (
        <Link to="/projects" className="text-link inline-flex min-h-11 items-center gap-1 text-sm font-semibold">
          <span className="i-lucide-arrow-left" aria-hidden="true" />
          {t('project.back')}
        </Link>
      )}
      <p className="eyebrow mt-4">
        {name ?? (parsed.success ? t('placeholder.project', { id }) : t('projects.title'))}
      </p>
      <h1 className="page-title mt-2">{title}</h1>
      <div className="card mt-6 max-w-2xl p-6 sm:p-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-gold-100 px-3 py-1 text-xs font-semibold text-gold-700">
          <span className="i-lucide-hourglass" aria-hidden="true" />
          {t('coming.title')}
        </p>
        <div className="mt-4 space-y-3 text-ink-soft">{children}</div>
      </div>
    </section>
  );
}
