import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ProjectPageView } from '../../../../features/projects/components/project-page';
import { projectPreviewOptions } from '../../../../features/operator/queries';
import { t } from '../../../../lib/i18n';
import { QueryProblem } from './query-problem';

/**
 * The project's page exactly as an investor sees it (the page's own component, the server's own
 * detail of it), drafts included, so an operator checks a draft before publishing it.
 */
export function ProjectPreview({ id }: { id: number }) {
  const preview = useQuery(projectPreviewOptions(id));
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-gold-100 p-3 text-sm text-ink">
        <p role="status" data-testid="project-preview-note">
          <span className="i-lucide-info mr-2 align-[-2px]" aria-hidden="true" />
          {t('operator.projects.previewNote')}
        </p>
        <Link to="/operator/$" params={{ _splat: `projects/${id}` }} className="btn-secondary">
          <span className="i-lucide-arrow-left" aria-hidden="true" />
          {t('operator.projects.backToEdit')}
        </Link>
      </div>
      {preview.data ? (
        <article className="pb-28 lg:pb-12" data-testid="project-preview">
          <ProjectPageView project={preview.data} />
        </article>
      ) : (
        <QueryProblem query={preview} />
      )}
    </div>
  );
}
