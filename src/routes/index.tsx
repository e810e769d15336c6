import { createFileRoute, Link } from '@tanstack/react-router';
import { categoriesOptions, productShelvesOptions } from '../features/projects/queries';
import { pageHead } from '../lib/head';
import { awaitWhenServed } from '../lib/prerendered';
import { t } from '../lib/i18n';
import { StepList } from '../ui/step-list';
import { HomeCatalogue } from './-components/home-catalogue';

export const Route = createFileRoute('/')({
  staticData: { prerender: true, texts: ['catalogue', 'home'] },
  // The catalogue's sections fill in when they arrive (HomeCatalogue); a served page has them.
  loader: ({ context }) =>
    awaitWhenServed(
      Promise.all([
        context.queryClient.prefetchQuery(productShelvesOptions()),
        context.queryClient.prefetchQuery(categoriesOptions()),
      ]),
    ),
  head: () => pageHead(),
  component: HomePage,
});

const themes = [
  { icon: 'i-lucide-music-4', key: 'music' },
  { icon: 'i-lucide-clapperboard', key: 'drama' },
  { icon: 'i-lucide-soup', key: 'food' },
  { icon: 'i-lucide-beef', key: 'hanwoo' },
  { icon: 'i-lucide-palette', key: 'craft' },
] as const;

const stepKeys = ['signIn', 'secure', 'verify', 'invest', 'vote'] as const;

function HeroArt() {
  return (
    <svg viewBox="0 0 320 280" className="h-auto w-full max-w-sm" role="img" aria-label={t('home.heroArt')}>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f2e81" />
          <stop offset="1" stopColor="#16153a" />
        </linearGradient>
      </defs>
      <rect x="10" y="10" width="300" height="260" rx="36" fill="url(#hero-sky)" />
      <g opacity="0.18" stroke="#fbf8f3" strokeWidth="1.5" fill="none">
        <path d="M10 200 Q 90 150 160 190 T 310 170" />
        <path d="M10 225 Q 90 175 160 215 T 310 195" />
        <path d="M10 250 Q 90 200 160 240 T 310 220" />
      </g>
      <circle cx="120" cy="150" r="52" fill="#f14c3a" />
      <circle cx="196" cy="150" r="52" fill="#fbf8f3" fillOpacity="0.92" />
      <circle cx="158" cy="88" r="40" fill="#c9982a" />
      <text x="160" y="248" textAnchor="middle" fill="#fbf8f3" fontSize="26" fontWeight="700" letterSpacing="6">
        모아
      </text>
    </svg>
  );
}

function HomePage() {
  return (
    <>
      <section className="relative overflow-hidden">
        <div className="container grid items-center gap-10 py-12 sm:py-20 lg:grid-cols-[1.15fr_0.85fr]">
          <div>
            <p className="eyebrow">{t('home.eyebrow')}</p>
            <h1 className="mt-3 text-4xl font-extrabold leading-tight tracking-tight text-ink sm:text-5xl lg:text-6xl">
              {t('home.title')}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-ink-soft">{t('home.lead')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/projects" className="btn-accent">
                {t('home.browse')}
                <span className="i-lucide-arrow-right" aria-hidden="true" />
              </Link>
              <Link to="/about/infrastructure" className="btn-secondary">
                {t('home.howItWorks')}
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-soft">
              <li className="inline-flex items-center gap-2">
                <span className="i-lucide-shield-check text-jade-600" aria-hidden="true" /> {t('home.proof.verified')}
              </li>
              <li className="inline-flex items-center gap-2">
                <span className="i-lucide-landmark text-jade-600" aria-hidden="true" /> {t('home.proof.custody')}
              </li>
              <li className="inline-flex items-center gap-2">
                <span className="i-lucide-vote text-jade-600" aria-hidden="true" /> {t('home.proof.votes')}
              </li>
            </ul>
          </div>
          <div className="flex justify-center lg:justify-end">
            <HeroArt />
          </div>
        </div>
      </section>

      <HomeCatalogue />

      <section aria-labelledby="themes-heading" className="container py-10">
        <h2 id="themes-heading" className="text-2xl font-bold text-ink sm:text-3xl">
          {t('home.themesTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {themes.map((theme) => (
            <li key={theme.key} className="card p-5">
              <span className={`${theme.icon} text-2xl text-coral-600`} aria-hidden="true" />
              <h3 className="mt-3 font-bold text-ink">{t(`home.theme.${theme.key}.title`)}</h3>
              <p className="mt-1 text-sm text-ink-soft">{t(`home.theme.${theme.key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="container py-10">
        <h2 id="steps-heading" className="text-2xl font-bold text-ink sm:text-3xl">
          {t('home.stepsTitle')}
        </h2>
        <StepList
          steps={stepKeys.map((key) => ({ title: t(`home.step.${key}.title`), body: t(`home.step.${key}.body`) }))}
          columnsClassName="md:grid-cols-5"
        />
      </section>
    </>
  );
}
