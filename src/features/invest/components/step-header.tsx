import { t, type MessageKey } from '../../../lib/i18n';

export const investSteps = ['quantity', 'method', 'identity', 'review', 'sign', 'pay'] as const;
export type InvestStep = (typeof investSteps)[number];

const stepLabels: Record<InvestStep, MessageKey> = {
  quantity: 'invest.step.quantity',
  method: 'invest.step.method',
  identity: 'invest.step.identity',
  review: 'invest.step.review',
  sign: 'invest.step.sign',
  pay: 'invest.step.pay',
};

export const stepLabel = (step: InvestStep) => t(stepLabels[step]);

/** Where the investor is in the purchase: a bar on phones, every step named on wider screens. */
export function StepHeader({ step }: { step: InvestStep }) {
  const position = investSteps.indexOf(step);
  return (
    <nav aria-label={t('invest.progress')} className="mt-4">
      <p className="text-sm font-semibold text-ink-soft">
        {t('invest.stepOf', { index: position + 1, total: investSteps.length })}
        <span aria-hidden="true"> · </span>
        <span className="text-ink">{stepLabel(step)}</span>
      </p>
      <ol className="mt-2 grid grid-cols-6 gap-1.5">
        {investSteps.map((item, index) => (
          <li key={item} aria-current={item === step ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={`block h-1.5 rounded-full ${index <= position ? 'bg-brand-800' : 'bg-brand-100'}`}
            />
            <span
              className={`mt-1.5 hidden text-xs lg:block ${item === step ? 'font-bold text-ink' : 'text-ink-muted'}`}
            >
              {stepLabel(item)}
            </span>
            <span className="sr-only lg:hidden">
              {stepLabel(item)}
              {index < position ? ` (${t('invest.stepDone')})` : ''}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
