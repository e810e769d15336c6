import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { TOOLTIP_DELAY_MS } from '../domain/constants';

/**
 * Radix's tooltip, in a chunk of its own (loaded by Tooltip in ./tooltip.tsx). It opens at once
 * when its trigger was tapped before it came (`tappedRef`).
 */
export default function RadixTooltipImpl({
  content,
  tappedRef,
  children,
}: {
  content: ReactNode;
  tappedRef: RefObject<boolean>;
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  useLayoutEffect(() => {
    if (!tappedRef.current) return;
    tappedRef.current = false;
    setIsOpen(true);
  }, [tappedRef]);
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
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
    </RadixTooltip.Provider>
  );
}
