import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useState, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';
import { TOOLTIP_DELAY_MS } from '../domain/constants';

export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>{children}</RadixTooltip.Provider>;
}

/**
 * A tooltip on a focusable trigger; the content is also its accessible description. It opens on
 * hover and focus, and on tap or click too (touch screens have no hover); a tap outside closes it.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <RadixTooltip.Root open={isOpen} onOpenChange={setIsOpen}>
      <RadixTooltip.Trigger
        asChild
        onClick={(event) => {
          // Radix closes a tooltip on click; here a click (a tap) opens it instead.
          event.preventDefault();
          setIsOpen(true);
        }}
      >
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-w-72 rounded-md bg-brand-950 px-3 py-2 text-xs text-white shadow-raised"
        >
          {content}
          <RadixTooltip.Arrow className="fill-brand-950" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
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
