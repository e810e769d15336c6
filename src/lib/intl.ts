/**
 * Intl formatters are slow to build and cheap to use: building one reads the language's data
 * (the first of a page load sets up the whole library), while formatting with it is quick. Every
 * formatter the app uses is built once per language and options and kept here.
 */
const built = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>();

function keep<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>(
  kind: string,
  locale: string | undefined,
  options: object,
  build: () => T,
): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = built.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    built.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return keep('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return keep('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function displayNames(locale: string | undefined, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return keep('names', locale, options, () => new Intl.DisplayNames(locale ? [locale] : undefined, options));
}
