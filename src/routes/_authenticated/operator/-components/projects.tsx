import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { operatorRoleOf } from '../../../../domain/access';
import { formatMinorUnitsIn } from '../../../../domain/money';
import type { OperatorProjectRow } from '../../../../domain/project-editing';
import { projectOptions, projectsOptions } from '../../../../features/operator/queries';
import { meQueryOptions } from '../../../../features/session/queries';
import { formatDateTime } from '../../../../lib/dates';
import { getLocale, t } from '../../../../lib/i18n';
import { NotFoundPage } from '../../../-components/not-found-page';
import { CapTablePanel } from './project-cap-table';
import { DocumentsPanel } from './project-documents';
import { ProjectForm } from './project-form';
import { ProjectPreview } from './project-preview';
import { DataTable } from './data-table';
import { StateBadge } from './project-state';
import { QueryProblem } from './query-problem';

const column = createColumnHelper<OperatorProjectRow>();

function ProjectLink({ row }: { row: OperatorProjectRow }) {
  return (
    <Link
      to="/operator/$"
      params={{ _splat: `projects/${row.id}` }}
      className="focus-ring rounded font-semibold text-brand-800"
    >
      {row.name}
    </Link>
  );
}

/**
 * Projects: every project (a seller: its own), drafts included; a new one starts as a hidden
 * draft. /operator/projects/<id> edits one, with its cap table; /operator/projects/<id>/preview
 * shows its page as an investor sees it.
 */
export default function ProjectsScreen({ rest }: { rest: string }) {
  const [first = '', second = ''] = rest.split('/');
  if (first === '') return <ProjectList />;
  if (first === 'new') return <NewProject />;
  if (!/^[1-9]\d{0,9}$/.test(first)) return <NotFoundPage />;
  const id = Number(first);
  if (second === 'preview') return <ProjectPreview id={id} />;
  if (second !== '') return <NotFoundPage />;
  return <EditProject id={id} />;
}

function ProjectList() {
  const projects = useQuery(projectsOptions());
  const { data: me } = useQuery(meQueryOptions());
  const isAdmin = operatorRoleOf(me) === 'ADMIN';
  const locale = getLocale();
  const price = (row: OperatorProjectRow) => formatMinorUnitsIn(row.pricePerToken, row.currency, locale);
  const columns = [
    column.accessor('name', {
      header: () => t('operator.projects.col.name'),
      cell: (info) => <ProjectLink row={info.row.original} />,
    }),
    column.accessor('state', {
      header: () => t('operator.projects.col.state'),
      cell: (info) => <StateBadge state={info.getValue()} />,
    }),
    column.accessor('saleStatus', {
      header: () => t('operator.projects.col.sale'),
      cell: (info) => t(`operator.projects.sale.${info.getValue()}`),
    }),
    column.accessor('categoryName', { header: () => t('operator.projects.col.category') }),
    column.accessor('pricePerToken', {
      header: () => t('operator.projects.col.price'),
      cell: (info) => price(info.row.original),
    }),
    column.accessor((row) => `${row.soldQuantity} / ${row.totalQuantity}`, {
      id: 'sold',
      header: () => t('operator.projects.col.sold'),
    }),
    column.accessor('endsAt', {
      header: () => t('operator.projects.col.ends'),
      cell: (info) => (info.getValue() ? formatDateTime(info.getValue()!) : '—'),
    }),
  ];
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="page-title">{t('operator.projects.title')}</h1>
        {isAdmin ? (
          <Link to="/operator/$" params={{ _splat: 'projects/new' }} className="btn-primary" data-testid="project-new">
            <span className="i-lucide-plus" aria-hidden="true" />
            {t('operator.projects.new')}
          </Link>
        ) : null}
      </div>
      <p className="mt-2 text-ink-soft">{t('operator.projects.intro')}</p>
      {projects.data ? (
        <DataTable
          label={t('operator.projects.title')}
          data={projects.data.projects}
          columns={columns}
          rowKey={(row) => String(row.id)}
          empty={t('operator.projects.empty')}
          card={(row) => (
            <div className="flex gap-3 text-sm">
              <img
                src={row.image}
                alt=""
                className="h-14 w-14 shrink-0 rounded-lg object-cover"
                width={56}
                height={56}
              />
              <div className="min-w-0 space-y-1">
                <ProjectLink row={row} />
                <p className="flex flex-wrap items-center gap-2">
                  <StateBadge state={row.state} />
                  <span className="text-ink-soft">{t(`operator.projects.sale.${row.saleStatus}`)}</span>
                </p>
                <p className="text-ink-soft">
                  {row.categoryName} · {price(row)} · {row.soldQuantity} / {row.totalQuantity} {row.tokenName}
                </p>
              </div>
            </div>
          )}
        />
      ) : (
        <QueryProblem query={projects} />
      )}
    </div>
  );
}

function BackToList() {
  return (
    <Link
      to="/operator/$"
      params={{ _splat: 'projects' }}
      className="text-link inline-flex min-h-11 items-center gap-1 text-sm font-semibold"
    >
      <span className="i-lucide-arrow-left" aria-hidden="true" />
      {t('operator.projects.back')}
    </Link>
  );
}

function NewProject() {
  const projects = useQuery(projectsOptions());
  return (
    <div>
      <BackToList />
      <h1 className="page-title">{t('operator.projects.new')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.projects.newIntro')}</p>
      {projects.data ? (
        <ProjectForm project={null} currency={projects.data.currency} categories={projects.data.categories} />
      ) : (
        <QueryProblem query={projects} />
      )}
    </div>
  );
}

function EditProject({ id }: { id: number }) {
  const project = useQuery(projectOptions(id));
  const projects = useQuery(projectsOptions());
  return (
    <div>
      <BackToList />
      {project.data && projects.data ? (
        <>
          <ProjectForm
            key={project.dataUpdatedAt}
            project={project.data}
            currency={project.data.currency}
            categories={projects.data.categories}
          />
          <DocumentsPanel id={id} />
          <CapTablePanel id={id} />
        </>
      ) : (
        <QueryProblem query={project.error ? project : projects} />
      )}
    </div>
  );
}
