import { capTableQuerySchema } from '../../src/domain/project-editing';
import { AppError } from '../errors';
import { capTableCsv, hideProject, listProjects, publishProject, readCapTable } from '../modules/operator/projects';
import type { Command } from './commands';
import { operatorOf } from './operator';

function projectIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new AppError('VALIDATION_FAILED', `"${value ?? ''}" is not a project id.`);
  return id;
}

/** Projects from the command line: the same actions as the console's Projects screen. */
export const projectCommands: Record<string, Command> = {
  'project:list': {
    args: '[--as <email>]',
    summary: 'List projects, drafts included, newest first',
    run: async (ctx, args) => {
      const { operator } = await operatorOf(ctx, args);
      const { projects } = await listProjects(ctx, operator);
      if (!projects.length) return 'No projects.';
      return projects
        .map((project) => [project.id, project.state, project.saleStatus, project.tokenName, project.name].join('  '))
        .join('\n');
    },
  },
  'project:publish': {
    args: '<productId> [--as <email>]',
    summary: 'Publish a draft project: investors see it in the list, its page and search',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [productId],
      } = await operatorOf(ctx, args);
      const project = await publishProject(ctx, operator, projectIdOf(productId));
      return `Project ${project.id} (${project.name}) is published.`;
    },
  },
  'project:hide': {
    args: '<productId> [--as <email>]',
    summary: 'Hide a project: it is a draft again, seen by its staff only',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [productId],
      } = await operatorOf(ctx, args);
      const project = await hideProject(ctx, operator, projectIdOf(productId));
      return `Project ${project.id} (${project.name}) is hidden.`;
    },
  },
  'project:cap-table': {
    args: '<productId> [date] [--as <email>]',
    summary: 'The cap table at the end of a day (UTC; today by default), as CSV',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [productId, date],
      } = await operatorOf(ctx, args);
      const query = capTableQuerySchema.safeParse({ at: date });
      if (!query.success) throw new AppError('VALIDATION_FAILED', 'Give the date as YYYY-MM-DD.');
      const table = await readCapTable(ctx, operator, projectIdOf(productId), query.data.at);
      return capTableCsv(table).text.trimEnd();
    },
  },
};
