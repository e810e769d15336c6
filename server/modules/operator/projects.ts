import {
  basisPointsPercent,
  type CapTable,
  type OperatorProject,
  type OperatorProjectList,
  type ProjectInput,
} from '../../../src/domain/project-editing';
import { numeral, toCsv, type CsvValue } from '../../../src/domain/csv';
import type { AppContext } from '../../context';
import {
  capTableAt,
  createProject,
  listProjectsForEditing,
  previewProjectPage,
  readProjectForEditing,
  setProjectShown,
  updateProject,
  type ProjectEditor,
} from '../products/editing';
import { addDocument, listDocuments, replaceDocument } from '../documents/service';
import { storeProjectImage } from '../products/images';
import { AppError } from '../../errors';
import { assertAdmin, assertMayActOn, scopeOf, type Operator } from './service';

/**
 * The operator's project actions (the console's Projects screen, its API and the command line).
 * Admins create, publish and hide; a seller reads, edits and reads the cap table of the projects
 * assigned to it (ROLE_REQUIRED elsewhere).
 */

const editorOf = (operator: Operator): ProjectEditor => ({
  userId: operator.userId,
  label: operator.label,
  meta: operator.meta,
});

export async function listProjects(ctx: AppContext, operator: Operator): Promise<OperatorProjectList> {
  return listProjectsForEditing(ctx, await scopeOf(ctx, operator));
}

export async function readProject(ctx: AppContext, operator: Operator, productId: number): Promise<OperatorProject> {
  await assertMayActOn(ctx, operator, productId);
  return readProjectForEditing(ctx, productId);
}

export async function previewProject(ctx: AppContext, operator: Operator, productId: number, origin: string) {
  await assertMayActOn(ctx, operator, productId);
  return previewProjectPage(ctx, productId, origin);
}

export async function addProject(ctx: AppContext, operator: Operator, input: ProjectInput): Promise<OperatorProject> {
  assertAdmin(operator, 'create a project');
  return createProject(ctx, editorOf(operator), input);
}

export async function editProject(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  input: ProjectInput,
): Promise<OperatorProject> {
  await assertMayActOn(ctx, operator, productId);
  return updateProject(ctx, editorOf(operator), productId, input);
}

export async function publishProject(ctx: AppContext, operator: Operator, productId: number) {
  assertAdmin(operator, 'publish a project');
  return setProjectShown(ctx, editorOf(operator), productId, true);
}

export async function hideProject(ctx: AppContext, operator: Operator, productId: number) {
  assertAdmin(operator, 'hide a project');
  return setProjectShown(ctx, editorOf(operator), productId, false);
}

export async function readCapTable(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  date: string | undefined,
): Promise<CapTable> {
  await assertMayActOn(ctx, operator, productId);
  return capTableAt(ctx, productId, date);
}

/** An image for the project's page, uploaded from the console: answers its public address. */
export async function uploadProjectImage(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  bytes: Buffer,
): Promise<string> {
  await assertMayActOn(ctx, operator, productId);
  await readProjectForEditing(ctx, productId);
  if (!operator.userId) throw new AppError('ROLE_REQUIRED', 'Project images are uploaded from an operator account.');
  return storeProjectImage(
    ctx,
    { userId: operator.userId, label: operator.label, meta: operator.meta },
    productId,
    bytes,
  );
}

/** The project's documents, each with its history of versions. */
export async function listProjectDocuments(ctx: AppContext, operator: Operator, productId: number) {
  await assertMayActOn(ctx, operator, productId);
  await readProjectForEditing(ctx, productId);
  return { documents: await listDocuments(ctx, productId) };
}

/** Replaces a document with a new PDF; its earlier versions stay in its history (as `document:replace`). */
export async function replaceProjectDocument(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  documentId: number,
  file: { bytes: Buffer; note: string | null },
) {
  await assertMayActOn(ctx, operator, productId);
  await replaceDocument(ctx, { productId, documentId, bytes: file.bytes, note: file.note, editor: operator });
  return listProjectDocuments(ctx, operator, productId);
}

/** Adds a document (a PDF) to the project (as `document:add`). */
export async function addProjectDocument(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  file: { bytes: Buffer; name: string; note: string | null },
) {
  await assertMayActOn(ctx, operator, productId);
  await readProjectForEditing(ctx, productId);
  await addDocument(ctx, { productId, name: file.name, bytes: file.bytes, note: file.note, editor: operator });
  return listProjectDocuments(ctx, operator, productId);
}

/** The cap table as a CSV file: one line per holder, the total last. */
export function capTableCsv(table: CapTable): { fileName: string; text: string } {
  const rows: CsvValue[][] = [
    ['holder id', 'email', `balance (${table.tokenName})`, 'share (%)'],
    ...table.holders.map((holder) => [
      holder.userId,
      holder.email ?? '',
      holder.balance,
      numeral(basisPointsPercent(holder.shareBasisPoints)),
    ]),
    ['total', '', table.heldQuantity, numeral(table.heldQuantity > 0 ? '100.00' : '0.00')],
  ];
  return { fileName: `cap-table-${table.productId}-${table.date}.csv`, text: toCsv(rows) };
}
