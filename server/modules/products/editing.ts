import type { Kysely } from 'kysely';
import type { CapTable, OperatorProject, OperatorProjectList, ProjectInput } from '../../../src/domain/project-editing';
import type { ProductDetail } from '../../../src/domain/products';
import { deriveSaleStatus, soldQuantity } from '../../../src/domain/sale';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { insertProductParts } from './catalogue-repository';
import {
  categoryExists,
  deletePartRows,
  findProjectForEditing,
  ledgerCapTable,
  listCategoryNames,
  listProjectsForOperator,
  partIds,
  referencedRows,
  replaceProductAbout,
  setHideStatus,
  updatePartRow,
  updateProductRow,
  type EditedPart,
  type ProjectForEditing,
} from './editing-repository';
import { insertProduct } from './factory';
import { toProductDetail } from './mappers';
import { findProductDetail } from './repository';
import { toDocumentHistory } from '../documents/service';

type Db = Kysely<Database>;

/**
 * Projects as operators write them (the console's Projects screen and its API): created hidden,
 * as a draft nobody but the project's staff sees; edited whole; published and hidden again. Every
 * change is written with its audit record, naming the operator, in the same transaction.
 */

/** Who writes: the operator's account (the event's user), the label records name it by, the request. */
export interface ProjectEditor {
  userId: string | null;
  label: string;
  meta: RequestMeta;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());
const bool = (value: number) => Number(value) === 1;

function toOperatorProject(found: ProjectForEditing, currency: string, now: Date): OperatorProject {
  const p = found.product;
  const facts = {
    startsAt: iso(p.starts_at),
    endsAt: iso(p.ends_at),
    totalQuantity: Number(p.total_quantity),
    remainingQuantity: Number(p.remaining_quantity),
  };
  const nullableNumber = (value: number | null) => (value === null ? null : Number(value));
  const id = (row: { id: number }) => Number(row.id);
  return {
    id: Number(p.id),
    state: p.hide_status === 'SHOW' ? 'PUBLISHED' : 'DRAFT',
    saleStatus: deriveSaleStatus(facts, now),
    currency,
    remainingQuantity: facts.remainingQuantity,
    soldQuantity: soldQuantity(facts),
    createdAt: iso(p.created_at)!,
    categoryId: Number(p.category_id),
    name: p.name,
    description: p.description,
    image: p.image,
    logo: p.logo,
    tokenName: p.token_name,
    contractAddress: p.contract_address,
    pricePerToken: Number(p.price_per_token),
    totalQuantity: facts.totalQuantity,
    targetCap: nullableNumber(p.target_cap),
    softCap: nullableNumber(p.soft_cap),
    userMinInvestment: Number(p.user_min_investment),
    userMaxInvestment: nullableNumber(p.user_max_investment),
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    isRegD: bool(p.is_reg_d),
    isRestricted: bool(p.is_restricted),
    isFeatured: bool(p.is_featured),
    isGovernance: bool(p.is_governance),
    canWitch: bool(p.can_witch),
    regulation: p.regulation,
    investmentRiskDisclaimer: p.investment_risk_disclaimer,
    documentDescription: p.document_description,
    about: found.about
      ? {
          logo: found.about.logo,
          legalName: found.about.legal_name,
          employees: nullableNumber(found.about.employees),
          founded: nullableNumber(found.about.founded),
          website: found.about.website,
          form: found.about.form,
          locationImage: found.about.location_image,
          address: found.about.address,
        }
      : null,
    team: found.team.map((row) => ({
      id: id(row),
      name: row.name,
      role: row.role,
      description: row.description,
      image: row.image,
    })),
    socialLinks: found.socialLinks.map((row) => ({ id: id(row), platform: row.platform, url: row.url })),
    dealTerms: found.dealTerms.map((row) => ({
      id: id(row),
      field: row.field,
      value: row.value,
      tooltip: row.tooltip,
    })),
    images: found.images.map((row) => ({ id: id(row), url: row.url, altText: row.alt_text })),
    gifts: found.gifts.map((row) => ({
      id: id(row),
      title: row.title,
      description: row.description,
      isDigital: bool(row.is_digital),
      limitQuantity: Number(row.limit_quantity),
    })),
    faqs: found.faqs.map((row) => ({ id: id(row), title: row.title, description: row.description })),
    risks: found.risks.map((row) => ({ id: id(row), title: row.title, description: row.description })),
    customSections: found.customSections.map((row) => ({ id: id(row), title: row.title, content: row.content })),
    payMethods: found.payMethods.map((row) => ({
      id: id(row),
      name: row.name,
      address: row.address,
      alias: row.alias,
      payMethodType: row.pay_method_type,
      bankName: row.bank_name,
      accountHolder: row.account_holder,
      network: row.network,
      asset: row.asset,
    })),
    communityBadges: found.communityBadges.map((row) => ({
      id: id(row),
      name: row.name,
      limitQuantity: Number(row.limit_quantity),
    })),
  };
}

async function loadProject(db: Db, productId: number): Promise<ProjectForEditing> {
  const found = await findProjectForEditing(db, productId);
  if (!found) throw new AppError('NOT_FOUND', `There is no project ${productId}.`);
  return found;
}

/** The projects an operator works on: every one (null), or a seller's. */
export async function listProjectsForEditing(
  ctx: AppContext,
  productIds: number[] | null,
): Promise<OperatorProjectList> {
  const now = ctx.now();
  const rows = await listProjectsForOperator(ctx.db, productIds);
  return {
    currency: ctx.config.CURRENCY,
    projects: rows.map((row) => {
      const facts = {
        startsAt: iso(row.starts_at),
        endsAt: iso(row.ends_at),
        totalQuantity: Number(row.total_quantity),
        remainingQuantity: Number(row.remaining_quantity),
      };
      return {
        id: Number(row.id),
        name: row.name,
        tokenName: row.token_name,
        image: row.image,
        categoryName: row.category_name,
        state: row.hide_status === 'SHOW' ? ('PUBLISHED' as const) : ('DRAFT' as const),
        saleStatus: deriveSaleStatus(facts, now),
        isRestricted: bool(row.is_restricted),
        pricePerToken: Number(row.price_per_token),
        currency: ctx.config.CURRENCY,
        totalQuantity: facts.totalQuantity,
        soldQuantity: soldQuantity(facts),
        startsAt: facts.startsAt,
        endsAt: facts.endsAt,
        createdAt: iso(row.created_at)!,
      };
    }),
    categories: (await listCategoryNames(ctx.db)).map((row) => ({ id: Number(row.id), name: row.name })),
  };
}

export async function readProjectForEditing(ctx: AppContext, productId: number): Promise<OperatorProject> {
  return toOperatorProject(await loadProject(ctx.db, productId), ctx.config.CURRENCY, ctx.now());
}

async function assertCategory(db: Db, categoryId: number): Promise<void> {
  if (!(await categoryExists(db, categoryId))) {
    throw new AppError('VALIDATION_FAILED', `body.categoryId: There is no category ${categoryId}.`);
  }
}

async function audit(db: Db, editor: ProjectEditor, type: string, productId: number, now: string, extra = {}) {
  await appendAuditEvent(
    db,
    {
      actor: 'operator',
      userId: editor.userId,
      type,
      detail: { operator: editor.label, productId: String(productId), ...extra },
      meta: editor.meta,
    },
    now,
  );
}

/** A new project, hidden (a draft) until it is published. */
export async function createProject(ctx: AppContext, editor: ProjectEditor, input: ProjectInput) {
  const productId = await ctx.db.transaction().execute(async (trx) => {
    await assertCategory(trx, input.categoryId);
    const now = ctx.now().toISOString();
    const id = await insertProduct(trx, {
      ...input,
      about: input.about ?? undefined,
      remainingQuantity: input.totalQuantity,
      hideStatus: 'HIDE',
      createdAt: now,
    });
    await audit(trx, editor, 'PROJECT_CREATED', id, now, { name: input.name });
    return id;
  });
  return readProjectForEditing(ctx, productId);
}

type PartRows = Record<EditedPart, Array<{ id?: number } & Record<string, unknown>>>;

function partRowsOf(input: ProjectInput): PartRows {
  const flag = (value: boolean) => (value ? 1 : 0);
  return {
    product_team_members: input.team.map((row) => ({ ...row })),
    product_social_links: input.socialLinks.map((row) => ({ ...row })),
    product_deal_terms: input.dealTerms.map((row) => ({ ...row })),
    product_images: input.images.map(({ altText, ...row }) => ({ ...row, alt_text: altText })),
    product_gifts: input.gifts.map(({ isDigital, limitQuantity, ...row }) => ({
      ...row,
      is_digital: flag(isDigital),
      limit_quantity: limitQuantity,
    })),
    product_faqs: input.faqs.map((row) => ({ ...row })),
    product_risks: input.risks.map((row) => ({ ...row })),
    product_custom_sections: input.customSections.map((row) => ({ ...row })),
    product_pay_methods: input.payMethods.map(({ payMethodType, bankName, accountHolder, ...row }) => ({
      ...row,
      pay_method_type: payMethodType,
      bank_name: bankName,
      account_holder: accountHolder,
    })),
    product_community_badges: input.communityBadges.map(({ limitQuantity, ...row }) => ({
      ...row,
      limit_quantity: limitQuantity,
    })),
  };
}

const PART_FIELDS: Record<EditedPart, string> = {
  product_team_members: 'team',
  product_social_links: 'socialLinks',
  product_deal_terms: 'dealTerms',
  product_images: 'images',
  product_gifts: 'gifts',
  product_faqs: 'faqs',
  product_risks: 'risks',
  product_custom_sections: 'customSections',
  product_pay_methods: 'payMethods',
  product_community_badges: 'communityBadges',
};

/**
 * Writes one part's list: entries with an id keep their row (updated in their new place), entries
 * without one are added, rows left out are removed unless something points at them (an order at
 * its pay method, a claim at its gift), which is refused.
 */
async function writePart(db: Db, table: EditedPart, productId: number, rows: PartRows[EditedPart]) {
  const existing = new Set(await partIds(db, table, productId));
  const kept = new Set<number>();
  for (const row of rows) {
    if (row.id === undefined) continue;
    if (!existing.has(row.id) || kept.has(row.id)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `body.${PART_FIELDS[table]}: entry ${row.id} is not one of this project's; leave the id out for a new entry.`,
      );
    }
    kept.add(row.id);
  }
  const removed = [...existing].filter((id) => !kept.has(id));
  const inUse = await referencedRows(db, table, removed);
  if (inUse.length) {
    throw new AppError(
      'CONFLICT',
      `body.${PART_FIELDS[table]}: entry ${inUse.join(', ')} is in use (orders or claims point at it) and stays.`,
    );
  }
  await deletePartRows(db, table, productId, removed);
  const added: Array<Record<string, unknown>> = [];
  for (const [sortOrder, { id, ...values }] of rows.entries()) {
    if (id === undefined) added.push({ ...values, product_id: productId, sort_order: sortOrder });
    else await updatePartRow(db, table, productId, id, { ...values, sort_order: sortOrder } as never);
  }
  await insertProductParts(db, table, added as never);
}

/** An edit of the whole project; tokens already sold stay sold. */
export async function updateProject(ctx: AppContext, editor: ProjectEditor, productId: number, input: ProjectInput) {
  await ctx.db.transaction().execute(async (trx) => {
    const found = await loadProject(trx, productId);
    await assertCategory(trx, input.categoryId);
    const sold = soldQuantity({
      totalQuantity: Number(found.product.total_quantity),
      remainingQuantity: Number(found.product.remaining_quantity),
    });
    if (input.totalQuantity < sold) {
      throw new AppError(
        'CONFLICT',
        `body.totalQuantity: ${sold} tokens are sold already; the total cannot be lower than that.`,
      );
    }
    const now = ctx.now().toISOString();
    const flag = (value: boolean) => (value ? 1 : 0);
    await updateProductRow(trx, productId, {
      category_id: input.categoryId,
      name: input.name,
      description: input.description,
      image: input.image,
      logo: input.logo,
      token_name: input.tokenName,
      contract_address: input.contractAddress,
      price_per_token: input.pricePerToken,
      total_quantity: input.totalQuantity,
      remaining_quantity: input.totalQuantity - sold,
      target_cap: input.targetCap,
      soft_cap: input.softCap,
      user_min_investment: input.userMinInvestment,
      user_max_investment: input.userMaxInvestment,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      is_reg_d: flag(input.isRegD),
      is_restricted: flag(input.isRestricted),
      is_featured: flag(input.isFeatured),
      is_governance: flag(input.isGovernance),
      can_witch: flag(input.canWitch),
      regulation: input.regulation,
      investment_risk_disclaimer: input.investmentRiskDisclaimer,
      document_description: input.documentDescription,
    });
    await replaceProductAbout(
      trx,
      productId,
      input.about && {
        logo: input.about.logo,
        legal_name: input.about.legalName,
        employees: input.about.employees,
        founded: input.about.founded,
        website: input.about.website,
        form: input.about.form,
        location_image: input.about.locationImage,
        address: input.about.address,
      },
    );
    const parts = partRowsOf(input);
    for (const table of Object.keys(parts) as EditedPart[]) {
      await writePart(trx, table, productId, parts[table]);
    }
    await audit(trx, editor, 'PROJECT_UPDATED', productId, now, { name: input.name });
  });
  return readProjectForEditing(ctx, productId);
}

/**
 * Publishing shows the project to investors (list, page, search, sitemap); hiding takes it back to
 * a draft. Asking for the state it is already in changes nothing and records nothing.
 */
export async function setProjectShown(ctx: AppContext, editor: ProjectEditor, productId: number, shown: boolean) {
  await ctx.db.transaction().execute(async (trx) => {
    await loadProject(trx, productId);
    const now = ctx.now().toISOString();
    if (await setHideStatus(trx, productId, shown ? 'SHOW' : 'HIDE')) {
      await audit(trx, editor, shown ? 'PROJECT_PUBLISHED' : 'PROJECT_HIDDEN', productId, now);
    }
  });
  return readProjectForEditing(ctx, productId);
}

/**
 * The project's page exactly as an investor would see it (no holding, no open orders), drafts
 * included: what the console's preview renders with the page's own component.
 */
export async function previewProjectPage(ctx: AppContext, productId: number, origin: string): Promise<ProductDetail> {
  const row = await findProductDetail(ctx.db, productId, '');
  if (!row) throw new AppError('NOT_FOUND', `There is no project ${productId}.`);
  const histories = new Map(
    row.documents.map((document) => [
      Number(document.id),
      toDocumentHistory(productId, Number(document.id), document.versions),
    ]),
  );
  return toProductDetail(row, { currency: ctx.config.CURRENCY, now: ctx.now(), origin, histories, openQuantity: 0 });
}

/** Basis points of a whole, rounded down (integer arithmetic: no fractions of tokens). */
const basisPoints = (part: number, whole: number) => (whole > 0 ? Math.floor((part * 10_000) / whole) : 0);

/**
 * Who held how many tokens at the end of a UTC day (or now, for today and later days), from the
 * ledger of holdings: the balances are the sums of each holder's entries up to that moment.
 */
export async function capTableAt(ctx: AppContext, productId: number, date: string | undefined): Promise<CapTable> {
  const found = await loadProject(ctx.db, productId);
  const now = ctx.now();
  const day = date ?? now.toISOString().slice(0, 10);
  const endOfDay = Date.parse(`${day}T23:59:59.999Z`);
  const asOf = new Date(Math.min(endOfDay, now.getTime())).toISOString();
  const holders = await ledgerCapTable(ctx.db, productId, asOf);
  const held = holders.reduce((sum, holder) => sum + holder.balance, 0);
  return {
    productId,
    tokenName: found.product.token_name,
    date: day,
    asOf,
    totalQuantity: Number(found.product.total_quantity),
    heldQuantity: held,
    holders: holders.map((holder) => ({ ...holder, shareBasisPoints: basisPoints(holder.balance, held) })),
  };
}
