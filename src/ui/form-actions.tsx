import type { ReactNode } from 'react';

/** A form's submit and cancel buttons, in the same order and style everywhere. */
export function FormActions({
  submitLabel,
  cancelLabel,
  isPending,
  onCancel,
}: {
  submitLabel: ReactNode;
  cancelLabel: ReactNode;
  isPending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" className="btn-primary" disabled={isPending}>
        {submitLabel}
      </button>
      <button type="button" className="btn-ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
