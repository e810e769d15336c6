/**
 * Brand colours used outside CSS (manifest, meta theme-color). The full design system lives
 * in uno.config.ts, which imports these so both read the same values.
 */
export const brand = {
  themeColor: '#25245f',
  backgroundColor: '#fbf8f3',
} as const;
