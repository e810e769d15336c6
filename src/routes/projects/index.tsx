import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { saleStatuses, type SaleStatus } from '../../domain/sale';
import { readOneOf, readWholeNumber } from '../../domain/search';
import { LoadMore } from '../../features/projects/components/load-more';
import { ProjectCard } from '../../features/projects/components/project-card';
import { ProjectGrid } from '../../features/projects/components/project-grid';
import { categoriesOptions, productListOptions } from '../../features/projects/queries';
import { pageHead } from '../../lib/head';
import { t } from '../../lib/i18n';

/** Filters live in the URL, so a filtered list can be shared; unknown values are ignored. */
interface ProjectsSearch {
  saleStatus?: SaleStatus;
  categoryId?: number;
}

const validateSearch = (search: Record<string, unknown>): ProjectsSearch => ({
  saleStatus: readOneOf(saleStatuses, search.saleStatus),
  categoryId: readWholeNumber(search.categoryId),
});

export const Route = createFileRoute('/projects/')({
  staticData: { prerender: true, texts: ['catalogue'] },
  validateSearch,
  loaderDeps: ({ search }) => ({ saleStatus: search.saleStatus, categoryId: search.categoryId }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureInfiniteQueryData(productListOptions(deps)),
      context.queryClient.ensureQueryData(categoriesOptions()),
    ]);
  },
  head: () => pageHead(t('projects.title'), t('projects.intro')),
  component: ProjectsPage,
});

/** On phones the chips scroll sideways in one row (edge to edge); wider screens wrap them. */
const chipRow = '-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0';

/**
 * A filter is the address with one choice set. It is current when the address is exactly that: a
 * choice left out ("All") must be absent from the address, not merely unspecified, or "All" would
 * be announced as current beside the chosen status. The router marks the current one
 * (aria-current="page") and styles it.
 */
function FilterChip({ children, search }: { children: string; search: ProjectsSearch }) {
  return (
    <Link
      to="/projects"
      search={search}
      replace
      activeOptions={{ explicitUndefined: true }}
      className="focus-ring inline-flex min-h-11 shrink-0 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold motion-safe:transition-colors"
      activeProps={{ className: 'bg-brand-900 text-white' }}
      inactiveProps={{ className: 'bg-white text-ink-soft ring-1 ring-inset ring-line hover:bg-brand-50' }}
    >
      {children}
    </Link>
  );
}

function ProjectsPage() {
  const search = Route.useSearch();
  const { data: categories } = useSuspenseQuery(categoriesOptions());
  const list = useSuspenseInfiniteQuery(
    productListOptions({ saleStatus: search.saleStatus, categoryId: search.categoryId }),
  );
  const cards = list.data.pages.flatMap((page) => page.productPayloads);

  return (
    <section className="container py-10 sm:py-14">
      <p className="eyebrow">{t('nav.projects')}</p>
      <h1 className="page-title mt-2">{t('projects.title')}</h1>
      <p className="mt-3 max-w-2xl text-ink-soft">{t('projects.intro')}</p>

      <div role="group" aria-label={t('projects.filters')} className="mt-8 space-y-4">
        <div>
          <p className="mb-2 text-sm font-semibold text-ink-muted">{t('projects.filter.status')}</p>
          <div className={chipRow}>
            <FilterChip search={{ ...search, saleStatus: undefined }}>{t('projects.filter.all')}</FilterChip>
            {saleStatuses
              .filter((status) => status !== 'SALE_BEFORE')
              .map((status) => (
                <FilterChip key={status} search={{ ...search, saleStatus: status }}>
                  {t(`sale.${status}`)}
                </FilterChip>
              ))}
          </div>
        </div>
        <div>
          <p className="mb-2 text-sm font-semibold text-ink-muted">{t('projects.filter.category')}</p>
          <div className={chipRow}>
            <FilterChip search={{ ...search, categoryId: undefined }}>{t('projects.filter.all')}</FilterChip>
            {categories.categories.map((category) => (
              <FilterChip key={category.id} search={{ ...search, categoryId: category.id }}>
                {category.name}
              </FilterChip>
            ))}
          </div>
        </div>
      </div>

      <div className="mt-8" aria-live="polite" aria-busy={list.isFetching}>
        {cards.length === 0 ? (
          <div className="card p-8 text-center">
            <p className="text-ink-soft">{t('projects.empty')}</p>
            <Link to="/projects" search={{}} className="btn-secondary mt-4">
              {t('projects.clearFilters')}
            </Link>
          </div>
        ) : (
          <>
            <ProjectGrid label={t('projects.title')}>
              {cards.map((card, index) => (
                <li key={card.id}>
                  <ProjectCard card={card} headingLevel={2} isAboveTheFold={index < 3} />
                </li>
              ))}
            </ProjectGrid>
            <LoadMore
              hasNextPage={list.hasNextPage}
              isFetching={list.isFetchingNextPage}
              onLoadMore={() => void list.fetchNextPage()}
            />
          </>
        )}
      </div>
    </section>
  );
}
