import { displayNames } from '../../lib/intl';

/** Codes Intl knows as regions but which are not countries one can live in. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

const cached = new Map<string, Array<{ code: string; name: string }>>();

/**
 * Every ISO 3166 country the browser can name, sorted by name. Built from Intl instead of a
 * shipped list, so names follow the catalogue's language and the bundle stays small.
 */
export function countryOptions(locale?: string): Array<{ code: string; name: string }> {
  const known = cached.get(locale ?? '');
  if (known) return known;
  const names = displayNames(locale, { type: 'region', fallback: 'none' });
  const options: Array<{ code: string; name: string }> = [];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      if (NOT_COUNTRIES.has(code)) continue;
      const name = names.of(code);
      if (name && name !== code) options.push({ code, name });
    }
  }
  options.sort((a, b) => a.name.localeCompare(b.name, locale));
  cached.set(locale ?? '', options);
  return options;
}

/** A country's name for display ("KR" -> "South Korea"); an unknown code is shown as given. */
export function countryName(code: string, locale?: string): string {
  try {
    return displayNames(locale, { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
