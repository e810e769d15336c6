import { z } from 'zod';
import { wholeNumberParam } from './fields';
import { documentVersionSchema } from './products';
import { says } from './validation-messages';

/**
 * What the console's Projects screen uploads: images for the project's page (content-addressed,
 * public) and the project's documents, each replaced by a new version with its history kept.
 */

export const projectImageNameSchema = z.strictObject({
  name: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, says('validation.project.link')),
});
/** The answer of an image upload: the address the project's fields take. */
export const projectImageSchema = z.object({ url: z.string() });
export type ProjectImage = z.infer<typeof projectImageSchema>;

export const projectDocumentParamsSchema = z.strictObject({
  id: wholeNumberParam('validation.projectId'),
  documentId: wholeNumberParam('validation.itemId'),
});

const DOCUMENT_NAME_MAX = 200;
const DOCUMENT_NOTE_MAX = 500;

/** The text fields sent beside a new document's PDF (multipart fields). */
export const documentAddFieldsSchema = z.strictObject({
  name: z
    .string(says('validation.project.text'))
    .trim()
    .min(1, says('validation.project.text'))
    .max(DOCUMENT_NAME_MAX, says('validation.project.text')),
  note: z
    .string(says('validation.project.text'))
    .trim()
    .max(DOCUMENT_NOTE_MAX, says('validation.project.text'))
    .optional()
    .transform((note) => note || null),
});
export type DocumentAddFields = z.output<typeof documentAddFieldsSchema>;

/** The text field sent beside a replacement PDF: what changed. */
export const documentReplaceFieldsSchema = documentAddFieldsSchema.pick({ note: true });
export type DocumentReplaceFields = z.output<typeof documentReplaceFieldsSchema>;

/** A project document as the console lists it: its current version first in its history. */
export const operatorDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  versions: z.array(documentVersionSchema),
});
export type OperatorDocument = z.infer<typeof operatorDocumentSchema>;
export const operatorDocumentListSchema = z.object({ documents: z.array(operatorDocumentSchema) });
export type OperatorDocumentList = z.infer<typeof operatorDocumentListSchema>;
