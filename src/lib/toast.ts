/**
 * The app's toasts, with sonner's `toast` signature, loading sonner only when the first toast is
 * shown, so it never weighs on the first page. vite.config.ts points
 * every `import { toast } from 'sonner'` in the app here; src/ui/toaster.tsx is the one module
 * that reaches the real library.
 */
import type { toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;
type Show = (toast: Toast) => void;

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: (toast: Toast) => void = () => undefined;
const mounted = new Promise<Toast>((resolve) => (markMounted = resolve));

/** The root mounts the toaster once this turns true (see useToasterWanted in src/ui/toaster-slot.tsx). */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

export function isToasterWanted(): boolean {
  return wanted;
}

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the toaster once it is on the page, with sonner's own `toast`. */
export function toasterMounted(toast: Toast): void {
  markMounted(toast);
}

function show(action: Show): undefined {
  wantToaster();
  void mounted.then(action);
  return undefined;
}

type Message = Parameters<Toast>[0];
type Options = Parameters<Toast>[1];

export const toast = Object.assign((message: Message, options?: Options) => show((real) => real(message, options)), {
  success: (message: Message, options?: Options) => show((real) => real.success(message, options)),
  error: (message: Message, options?: Options) => show((real) => real.error(message, options)),
  info: (message: Message, options?: Options) => show((real) => real.info(message, options)),
  warning: (message: Message, options?: Options) => show((real) => real.warning(message, options)),
  dismiss: (id?: string | number) => show((real) => real.dismiss(id)),
});
