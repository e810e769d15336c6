import { z } from 'zod';
import { wholeNumber, wholeNumberParam } from './fields';
import { PROJECT_LIST_MAX, PROJECT_NAME_MAX_LENGTH, TOKEN_NAME_MAX_LENGTH } from './limits';
import { payMethodTypes, saleStatusSchema } from './products';
import { says, type ValidationKey } from './validation-messages';

/**
 * What an operator writes about a project (the console's Projects screen and its API): every
 * field the project page shows, in the shapes the catalogue stores. Lengths are the columns'
 * (migration 2026-11-22-0300-catalogue); money is integer minor units of the catalogue's currency.
 * Lists are written whole: an entry with an `id` keeps its row (orders point at pay methods,
 * claims at gifts), an entry without one is new, and a row left out is removed.
 */

const LONG_TEXT_MAX = 10_000;
const LINK_MAX = 500;

const text = (max: number, key: ValidationKey = 'validation.project.text') =>
  z.string(says(key)).trim().min(1, says(key)).max(max, says(key));
/** Optional text: null when there is none (the console sends null for an empty field). */
const optionalText = (max: number) =>
  z.string(says('validation.project.text')).trim().max(max, says('validation.project.text')).nullable();
/** An address the page links or loads: https, or a path of this site. */
const link = z
  .string(says('validation.project.link'))
  .trim()
  .max(LINK_MAX, says('validation.project.link'))
  .regex(/^(https:\/\/[^\s]+|\/[^\s/][^\s]*)$/, says('validation.project.link'));
const optionalLink = link.nullable();
const flag = z.boolean(says('validation.project.flag'));
const amount = wholeNumber('validation.project.amount', { max: Number.MAX_SAFE_INTEGER });
const quantity = wholeNumber('validation.project.quantity', { max: Number.MAX_SAFE_INTEGER });
const moment = z.iso.datetime(says('validation.project.date')).nullable();
const rowId = wholeNumber('validation.itemId').optional();
const list = <T extends z.ZodType>(item: T) => z.array(item).max(PROJECT_LIST_MAX, says('validation.project.list'));

export const projectAboutInputSchema = z.strictObject({
  logo: optionalLink,
  legalName: text(200),
  employees: wholeNumber('validation.project.quantity', { min: 0 }).nullable(),
  founded: wholeNumber('validation.project.quantity', { min: 1000, max: 9999 }).nullable(),
  website: optionalLink,
  form: optionalText(100),
  locationImage: optionalLink,
  address: optionalText(300),
});

const projectFields = {
  // The whole numbers first: a refusal lists the first fields it names, and these are the ones mistyped most.
  categoryId: wholeNumber('validation.categoryId'),
  pricePerToken: amount,
  totalQuantity: quantity,
  targetCap: amount.nullable(),
  softCap: amount.nullable(),
  userMinInvestment: amount,
  userMaxInvestment: amount.nullable(),
  name: text(PROJECT_NAME_MAX_LENGTH, 'validation.project.name'),
  description: text(LONG_TEXT_MAX),
  image: link,
  logo: link,
  tokenName: z
    .string(says('validation.project.tokenName'))
    .trim()
    .regex(new RegExp(`^[A-Z0-9]{1,${TOKEN_NAME_MAX_LENGTH}}$`), says('validation.project.tokenName')),
  contractAddress: optionalText(100),
  /** The sale's window: before its start it is SALE_BEFORE, after its end SALE_END (src/domain/sale.ts). */
  startsAt: moment,
  endsAt: moment,
  isRegD: flag,
  isRestricted: flag,
  isFeatured: flag,
  isGovernance: flag,
  canWitch: flag,
  regulation: text(60),
  investmentRiskDisclaimer: text(LONG_TEXT_MAX),
  documentDescription: optionalText(LONG_TEXT_MAX),
  about: projectAboutInputSchema.nullable(),
  team: list(
    z.strictObject({
      id: rowId,
      name: text(120),
      role: text(120),
      description: text(LONG_TEXT_MAX),
      image: optionalLink,
    }),
  ),
  socialLinks: list(z.strictObject({ id: rowId, platform: text(40), url: link })),
  dealTerms: list(z.strictObject({ id: rowId, field: text(80), value: text(200), tooltip: optionalText(2000) })),
  images: list(z.strictObject({ id: rowId, url: link, altText: text(300) })),
  gifts: list(
    z.strictObject({
      id: rowId,
      title: text(120),
      description: text(LONG_TEXT_MAX),
      isDigital: flag,
      limitQuantity: quantity,
    }),
  ),
  faqs: list(z.strictObject({ id: rowId, title: text(300), description: text(LONG_TEXT_MAX) })),
  risks: list(z.strictObject({ id: rowId, title: text(200), description: text(LONG_TEXT_MAX) })),
  customSections: list(z.strictObject({ id: rowId, title: text(200), content: text(LONG_TEXT_MAX) })),
  payMethods: list(
    z.strictObject({
      id: rowId,
      name: text(120),
      address: text(200),
      alias: text(120),
      payMethodType: z.enum(payMethodTypes, says('validation.project.payMethodType')),
      bankName: optionalText(120),
      accountHolder: optionalText(200),
      network: optionalText(60),
      asset: optionalText(20),
    }),
  ),
  communityBadges: list(z.strictObject({ id: rowId, name: text(80), limitQuantity: quantity })),
};

/** The rules between fields, stated on the field a person would correct. */
function checkTogether(value: ProjectInputShape, context: z.RefinementCtx) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    context.addIssue({ code: 'custom', path: ['endsAt'], message: 'validation.project.dates' satisfies ValidationKey });
  }
  if (value.userMaxInvestment !== null && value.userMaxInvestment < value.userMinInvestment) {
    context.addIssue({
      code: 'custom',
      path: ['userMaxInvestment'],
      message: 'validation.project.limits' satisfies ValidationKey,
    });
  }
  if (value.softCap !== null && value.targetCap !== null && value.softCap > value.targetCap) {
    context.addIssue({ code: 'custom', path: ['softCap'], message: 'validation.project.caps' satisfies ValidationKey });
  }
}

const projectShape = z.strictObject(projectFields);
type ProjectInputShape = z.output<typeof projectShape>;

/** The body of a new project and of an edit: the whole project, as the page shows it. */
export const projectInputSchema = projectShape.superRefine(checkTogether);
export type ProjectInput = z.output<typeof projectInputSchema>;
/** What a form holds before it is sent (ids and numbers as the schema takes them). */
export type ProjectInputDraft = z.input<typeof projectInputSchema>;

/** Hidden projects are drafts: nobody but the project's staff sees them until they are published. */
export const projectPublishStates = ['DRAFT', 'PUBLISHED'] as const;
export type ProjectPublishState = (typeof projectPublishStates)[number];

/** A project as the operator edits it: the input with every row's id, and where it stands. */
export const operatorProjectSchema = z.object({
  ...projectShape.shape,
  id: z.number().int(),
  state: z.enum(projectPublishStates),
  saleStatus: saleStatusSchema,
  currency: z.string(),
  remainingQuantity: z.number().int(),
  soldQuantity: z.number().int(),
  createdAt: z.string(),
  about: projectAboutInputSchema.nullable(),
  team: z.array(projectFields.team.element.extend({ id: z.number().int() })),
  socialLinks: z.array(projectFields.socialLinks.element.extend({ id: z.number().int() })),
  dealTerms: z.array(projectFields.dealTerms.element.extend({ id: z.number().int() })),
  images: z.array(projectFields.images.element.extend({ id: z.number().int() })),
  gifts: z.array(projectFields.gifts.element.extend({ id: z.number().int() })),
  faqs: z.array(projectFields.faqs.element.extend({ id: z.number().int() })),
  risks: z.array(projectFields.risks.element.extend({ id: z.number().int() })),
  customSections: z.array(projectFields.customSections.element.extend({ id: z.number().int() })),
  payMethods: z.array(projectFields.payMethods.element.extend({ id: z.number().int() })),
  communityBadges: z.array(projectFields.communityBadges.element.extend({ id: z.number().int() })),
});
export type OperatorProject = z.infer<typeof operatorProjectSchema>;

export const operatorProjectRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tokenName: z.string(),
  image: z.string(),
  categoryName: z.string(),
  state: z.enum(projectPublishStates),
  saleStatus: saleStatusSchema,
  isRestricted: z.boolean(),
  pricePerToken: z.number().int(),
  currency: z.string(),
  totalQuantity: z.number().int(),
  soldQuantity: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorProjectRow = z.infer<typeof operatorProjectRowSchema>;
export const operatorProjectListSchema = z.object({
  /** The catalogue's currency: every amount here is in its minor units. */
  currency: z.string(),
  projects: z.array(operatorProjectRowSchema),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type OperatorProjectList = z.infer<typeof operatorProjectListSchema>;

export const operatorProjectParamsSchema = z.strictObject({ id: wholeNumberParam('validation.projectId') });

/** The cap table at the end of a UTC day (today: now). `format=csv` answers it as a CSV file. */
export const capTableQuerySchema = z.strictObject({
  at: z.iso.date(says('validation.capTableDate')).optional(),
  format: z.enum(['json', 'csv'], says('validation.capTableDate')).optional(),
});
export type CapTableQuery = z.infer<typeof capTableQuerySchema>;

export const capTableSchema = z.object({
  productId: z.number().int(),
  tokenName: z.string(),
  /** The day asked for, and the moment its balances stand at (the day's end, or now for today). */
  date: z.string(),
  asOf: z.string(),
  totalQuantity: z.number().int(),
  heldQuantity: z.number().int(),
  holders: z.array(
    z.object({
      userId: z.string(),
      email: z.string().nullable(),
      balance: z.number().int(),
      /** The share of the tokens held, in basis points (hundredths of a percent), rounded down. */
      shareBasisPoints: z.number().int(),
    }),
  ),
});
export type CapTable = z.infer<typeof capTableSchema>;

/** Basis points as a percentage with two decimals, by string arithmetic: 7500 -> "75.00", 5 -> "0.05". */
export function basisPointsPercent(basisPoints: number): string {
  const digits = String(Math.max(0, Math.trunc(basisPoints))).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
