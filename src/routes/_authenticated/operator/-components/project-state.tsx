import type { ProjectPublishState } from '../../../../domain/project-editing';
import { t } from '../../../../lib/i18n';

/** Draft (hidden from investors) or published. */
export function StateBadge({ state }: { state: ProjectPublishState }) {
  return (
    <span
      data-testid="project-state"
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${
        state === 'PUBLISHED' ? 'bg-brand-100 text-brand-800' : 'bg-gold-100 text-ink'
      }`}
    >
      {t(`operator.projects.state.${state}`)}
    </span>
  );
}
