import { NAME_MAX_LENGTH } from './limits';

export { NAME_MAX_LENGTH };

/**
 * The one rule for a person's name, wherever it comes from (the profile form, Google sign-in,
 * later features): visible text only. Refused: control characters (C0, DEL, C1), format
 * characters (bidirectional overrides and isolates that reorder what is shown, zero-width
 * spaces and joiners, the BOM, soft hyphens), line and paragraph separators, private-use and
 * unassigned code points, lone surrogates, and the angle brackets of markup.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}<>]/u;

export function hasForbiddenNameCharacters(value: string): boolean {
  return INVISIBLE_OR_CONTROL.test(value);
}

/** A trimmed name that follows the rule, or null: for names from elsewhere (an identity provider). */
export function acceptableName(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed.length === 0 || trimmed.length > NAME_MAX_LENGTH || hasForbiddenNameCharacters(trimmed)) return null;
  return trimmed;
}
