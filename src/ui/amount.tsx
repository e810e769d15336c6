import { Fragment, type ReactNode } from 'react';

/**
 * An amount of money as written by the formatters of src/lib/money.ts. It never breaks across
 * lines ("$39." above "41" on a phone): the page's text may wrap anywhere, so long Korean words
 * and addresses fit, but an amount is one unit. Its digits are tabular, so amounts in a column
 * line up.
 */
export function Amount({ children, className = '' }: { children: string; className?: string }) {
  return <span className={`amount ${className}`}>{children}</span>;
}

/**
 * A translated sentence with elements in its {placeholders}: the text is the catalogue's message
 * with those placeholders left in (given no value), and each value is the element put there.
 */
export function WithValues({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  return text
    .split(/\{(\w+)\}/)
    .map((part, index) => <Fragment key={index}>{index % 2 === 1 ? (values[part] ?? `{${part}}`) : part}</Fragment>);
}
