import { lazy, Suspense, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';

// Radix and floating-ui load with the first tooltip a page shows, not with the app.
const RadixTooltip = lazy(() => import('./tooltip-radix'));

/**
 * A tooltip on a focusable trigger; the content is also its accessible description. It opens on
 * hover and focus, and on tap or click too (touch screens have no hover); a tap outside closes it.
 * Until its code has arrived (a moment, and only once), the trigger shows without it.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <RadixTooltip content={content}>{children}</RadixTooltip>
    </Suspense>
  );
}

/** The (i) that explains a term: a 44 px target around a small icon. Takes the tooltip trigger's props. */
export function InfoButton({
  label,
  ...props
}: { label: string; ref?: Ref<HTMLButtonElement> } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className="focus-ring -my-2.5 inline-grid h-11 w-11 shrink-0 place-items-center rounded-full text-ink-muted hover:text-brand-800"
    >
      <span className="i-lucide-info" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </button>
  );
}
