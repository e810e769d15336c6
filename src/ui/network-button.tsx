import { useId, type ButtonHTMLAttributes } from 'react';
import { useNetworkAction } from '../lib/offline';

/**
 * A button whose action needs the server: offline it is disabled and says why just below
 * (the reason is also its accessible description). In a flex-wrap row the reason takes its own line.
 */
export function NetworkButton({ disabled, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const { isAvailable, reason } = useNetworkAction();
  const hintId = useId();
  return (
    <>
      <button
        type="button"
        {...props}
        disabled={disabled || !isAvailable}
        aria-describedby={reason ? hintId : props['aria-describedby']}
      />
      {reason ? <NetworkHint id={hintId} reason={reason} /> : null}
    </>
  );
}

export function NetworkHint({ id, reason }: { id?: string; reason: string }) {
  return (
    <span id={id} className="flex basis-full items-center gap-1.5 text-xs text-ink-muted">
      <span className="i-lucide-cloud-off shrink-0" aria-hidden="true" />
      {reason}
    </span>
  );
}
