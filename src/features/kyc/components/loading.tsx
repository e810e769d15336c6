import { Spinner } from '../../../ui/spinner';

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-ink-soft">
      <Spinner className="h-6 w-6" />
      {label}
    </p>
  );
}
