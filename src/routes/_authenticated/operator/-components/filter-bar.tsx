import type { FormEvent, ReactNode } from 'react';

/** One labelled filter of a console list: the label over its input or select. */
export function FilterField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className ? `text-sm ${className}` : 'text-sm'}>
      <span className="font-semibold text-ink">{label}</span>
      {children}
    </label>
  );
}

/** Reads a submitted filter: its trimmed text, or undefined when it is empty. */
export type FilterValue = (name: string) => string | undefined;

/**
 * The filters over a console list. Without `apply` its fields apply as they change; with it, it
 * is a search form, named by `apply.name`, that the operator applies with its button (the screen
 * reads each field by name). `resetKey` remounts the fields when the filters in the URL change.
 */
export function FilterBar({
  className,
  apply,
  children,
}: {
  className: string;
  apply?: { name: string; label: string; className: string; onApply: (value: FilterValue) => void; resetKey: string };
  children: ReactNode;
}) {
  if (!apply) return <div className={className}>{children}</div>;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    apply.onApply((name) => String(form.get(name) ?? '').trim() || undefined);
  };
  return (
    <form role="search" onSubmit={onSubmit} className={className} aria-label={apply.name} key={apply.resetKey}>
      {children}
      <div className={apply.className}>
        <button type="submit" className="btn-primary">
          <span className="i-lucide-search mr-1" aria-hidden="true" />
          {apply.label}
        </button>
      </div>
    </form>
  );
}
