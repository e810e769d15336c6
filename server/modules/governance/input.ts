import type { z } from 'zod';
import type { RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { validationText } from '../../i18n/errors';
import { sanitizePostHtml } from '../posts/sanitize';

/** What the writes of notices, posts and votings share: the checks on their input and the names they write. */

/** The author named on what the operator posts. */
export const OPERATOR_NAME = 'Moa operator';
/** A seller account without a display name. */
export const SELLER_NAME = 'Project seller';

/**
 * Operator input checked by the domain schema the console's routes use, so the command line and
 * the console refuse the same titles, texts and options with the same words.
 */
export function checkedInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new AppError('VALIDATION_FAILED', issue ? `${field}${validationText(issue.message, 'en')}` : 'Not valid.');
}

/** Who acted, for the audit detail: the operator's label (`operator:<email>` or the command line's name). */
export interface ActingOperator {
  label: string;
  meta: RequestMeta;
}

/** Rich text as stored: sanitized, and refused when nothing is left. */
export async function cleanBody(html: string): Promise<string> {
  const body = await sanitizePostHtml(html);
  if (!body) throw new AppError('VALIDATION_FAILED', 'The text is empty once unsafe markup is removed.');
  return body;
}
