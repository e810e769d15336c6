/** A numbered row of steps (how investing works, how a sale runs). */
export function StepList({
  steps,
  columnsClassName = 'md:grid-cols-5',
}: {
  steps: ReadonlyArray<{ title: string; body: string }>;
  columnsClassName?: string;
}) {
  return (
    <ol className={`mt-6 grid gap-4 ${columnsClassName}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="card p-5">
          <span
            className="grid h-8 w-8 place-items-center rounded-full bg-brand-900 text-sm font-bold text-white"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="mt-3 font-bold text-ink">{step.title}</h3>
          <p className="mt-1 text-sm text-ink-soft">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
