/**
 * Intl formatters are slow to build and cheap to use: building one reads the language's data
 * (the first of a page load sets up the whole library), while formatting with it is quick. Every
 * formatter the app uses is built once per language and options and kept here.
 */
const built = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>();

/**
 * The most formatters kept. The app asks for a few dozen (two languages, a handful of options);
 * the bound only makes sure nothing else, such as a language tag from elsewhere, grows it
 * without end. Past it, the one built longest ago goes.
 */
export const FORMATTERS_KEPT = 200;

/** How many formatters are kept now (tests check the bound). */
export function formattersKept(): number {
  return built.size;
}

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
    if (built.size >= FORMATTERS_KEPT) built.delete(built.keys().next().value!);
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
