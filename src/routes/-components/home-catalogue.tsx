import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ProductCard as Card } from '../../domain/products';
import { ProjectCard, ProjectCardSkeleton } from '../../features/projects/components/project-card';
import { ProjectGrid } from '../../features/projects/components/project-grid';
import { categoriesOptions, productShelvesOptions } from '../../features/projects/queries';
import { t, type MessageKey } from '../../lib/i18n';
import { Delayed } from '../../ui/delayed';
import { GenericError } from './generic-fallbacks';

function Section({
  id,
  title,
  cards,
  isLoading,
  isFirst = false,
}: {
  id: string;
  title: MessageKey;
  cards: Card[];
  isLoading: boolean;
  /** The first section's images load at once: they are what the reader sees first. */
  isFirst?: boolean;
}) {
  if (!isLoading && cards.length === 0) return null;
  return (
    <section aria-labelledby={id} className="container py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-2xl font-bold text-ink sm:text-3xl">
          {t(title)}
        </h2>
        <Link to="/projects" className="text-link text-sm font-semibold">
          {t('projects.seeAll')}
        </Link>
      </div>
      <div className="mt-6">
        <ProjectGrid>
          {isLoading ? (
            <Delayed>
              {[0, 1, 2].map((index) => (
                <li key={index}>
                  <ProjectCardSkeleton />
                </li>
              ))}
            </Delayed>
          ) : (
            cards.map((card) => (
              <li key={card.id}>
                <ProjectCard card={card} isAboveTheFold={isFirst} />
              </li>
            ))
          )}
        </ProjectGrid>
      </div>
    </section>
  );
}

/** The home page's live sections: featured, most popular, closing soon and the themes. */
export function HomeCatalogue() {
  const shelves = useQuery(productShelvesOptions());
  const categories = useQuery(categoriesOptions());
  // A failed refresh (offline) keeps showing the saved sections; only no data at all is an error.
  if (shelves.isError && !shelves.data) {
    return (
      <div className="container py-8">
        <GenericError error={shelves.error} />
      </div>
    );
  }
  const isLoading = shelves.isPending;
  const sections = shelves.data ?? { featured: [], popular: [], closing: [] };
  return (
    <>
      <Section
        id="featured-heading"
        title="projects.featured"
        cards={sections.featured}
        isLoading={isLoading}
        isFirst
      />
      <Section id="popular-heading" title="projects.popular" cards={sections.popular} isLoading={isLoading} />
      <Section id="closing-heading" title="projects.closing" cards={sections.closing} isLoading={isLoading} />
      {categories.data?.categories.length ? (
        <section aria-labelledby="themes-browse-heading" className="container py-8">
          <h2 id="themes-browse-heading" className="text-2xl font-bold text-ink sm:text-3xl">
            {t('projects.themes')}
          </h2>
          <ul className="mt-6 flex flex-wrap gap-3">
            {categories.data.categories.map((category) => (
              <li key={category.id}>
                <Link
                  to="/projects"
                  search={{ categoryId: category.id }}
                  className="focus-ring inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-5 text-sm font-semibold text-ink ring-1 ring-inset ring-line hover:bg-brand-50"
                >
                  {category.name}
                  <span className="i-lucide-arrow-right text-brand-700" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
