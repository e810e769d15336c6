/** The Moa mark: three coins gathering (모아, "gather") on the night-indigo tile. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#25245f" />
      <circle cx="24" cy="36" r="11" fill="#f14c3a" />
      <circle cx="40" cy="36" r="11" fill="#fbf8f3" fillOpacity="0.92" />
      <circle cx="32" cy="22" r="9" fill="#c9982a" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark />
      <span className="text-xl font-extrabold tracking-tight text-brand-900">
        Moa<span className="ml-1 text-sm font-semibold text-coral-700">모아</span>
      </span>
    </span>
  );
}
