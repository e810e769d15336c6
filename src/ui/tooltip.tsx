import {
  lazy,
  useLayoutEffect,
  useRef,
  type ButtonHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';

import { AfterHydration } from './on-demand';

// Radix and floating-ui load with the first tooltip a page shows, not with the app (and after a
// served page has hydrated).
const RadixTooltip = lazy(() => import('./tooltip-radix'));

/** As a trigger is drawn: it takes the focus the trigger it replaces had. */
function useTakeFocus(wrapperRef: RefObject<HTMLSpanElement | null>, hadFocusRef: RefObject<boolean>) {
  useLayoutEffect(() => {
    if (!hadFocusRef.current) return;
    hadFocusRef.current = false;
    wrapperRef.current?.querySelector<HTMLElement>('button, a[href], [tabindex]')?.focus();
  }, [wrapperRef, hadFocusRef]);
}

/**
 * The trigger alone, until the tooltip's code has arrived: notes while it shows (a tap on it then
 * opens the tooltip once it is here), and whether it had the focus when it goes (the plain
 * trigger or the tooltip that takes its place then takes the focus).
 */
function PlainTrigger({
  wrapperRef,
  hadFocusRef,
  isPlainRef,
  children,
}: {
  wrapperRef: RefObject<HTMLSpanElement | null>;
  hadFocusRef: RefObject<boolean>;
  isPlainRef: RefObject<boolean>;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    isPlainRef.current = true;
    return () => {
      isPlainRef.current = false;
    };
  }, [isPlainRef]);
  // A plain trigger drawn in place of another (the served page's, once the app has taken it,
  // gives way to the one that waits for the tooltip's code) takes the focus the other had.
  useTakeFocus(wrapperRef, hadFocusRef);
  useLayoutEffect(
    () => () => {
      hadFocusRef.current = !!wrapperRef.current?.contains(document.activeElement);
    },
    [wrapperRef, hadFocusRef],
  );
  return children;
}

/**
 * The trigger inside Radix: a new element, so the focus the plain one had moves to it, and a tap
 * the plain one had opens the tooltip.
 */
function WithTooltip({
  wrapperRef,
  hadFocusRef,
  tappedRef,
  content,
  children,
}: {
  wrapperRef: RefObject<HTMLSpanElement | null>;
  hadFocusRef: RefObject<boolean>;
  tappedRef: RefObject<boolean>;
  content: ReactNode;
  children: ReactNode;
}) {
  useTakeFocus(wrapperRef, hadFocusRef);
  return (
    <RadixTooltip content={content} tappedRef={tappedRef}>
      {children}
    </RadixTooltip>
  );
}

/**
 * A tooltip on a focusable trigger; the content is also its accessible description. It opens on
 * hover and focus, and on tap or click too (touch screens have no hover); a tap outside closes it.
 * Until its code has arrived (a moment, and only once), the trigger shows without it; a trigger
 * focused meanwhile keeps the focus when the tooltip takes its place, and one tapped meanwhile
 * opens it.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const hadFocusRef = useRef(false);
  const isPlainRef = useRef(false);
  const tappedRef = useRef(false);
  return (
    // No box of its own (display: contents): only where to find the trigger. A tap on the plain
    // trigger (or one made before the app ran, which the page's starter carries out on it) is
    // kept for the tooltip: the plain trigger goes when the tooltip's code comes.
    <span
      ref={wrapperRef}
      className="contents"
      onClickCapture={() => {
        if (isPlainRef.current) tappedRef.current = true;
      }}
    >
      <AfterHydration
        fallback={
          <PlainTrigger wrapperRef={wrapperRef} hadFocusRef={hadFocusRef} isPlainRef={isPlainRef}>
            {children}
          </PlainTrigger>
        }
      >
        <WithTooltip wrapperRef={wrapperRef} hadFocusRef={hadFocusRef} tappedRef={tappedRef} content={content}>
          {children}
        </WithTooltip>
      </AfterHydration>
    </span>
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
