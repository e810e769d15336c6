export function Spinner({ className = 'h-10 w-10' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${className} inline-block rounded-full border-4 border-brand-200 border-t-brand-800 motion-safe:animate-spin`}
    />
  );
}
