import { createFileRoute, Link } from '@tanstack/react-router';
import { pageHead } from '../lib/head';
import { StepList } from '../ui/step-list';
import { HomeCatalogue } from './-components/home-catalogue';

export const Route = createFileRoute('/')({
  head: () => pageHead(),
  component: HomePage,
});

const themes = [
  {
    icon: 'i-lucide-music-4',
    title: 'K-pop royalties',
    body: 'A share of what a catalogue earns every time it is streamed, broadcast or covered.',
  },
  {
    icon: 'i-lucide-clapperboard',
    title: 'Drama & film IP',
    body: 'Rights to series and films that travel: licensing, remakes and merchandise.',
  },
  {
    icon: 'i-lucide-soup',
    title: 'Restaurants & K-food',
    body: 'Kitchens and food brands with real revenue, from Seoul alleys to supermarket shelves.',
  },
  {
    icon: 'i-lucide-beef',
    title: 'Hanwoo herds',
    body: 'Korean beef cattle raised on partner farms, sold at auction when they come of age.',
  },
  {
    icon: 'i-lucide-palette',
    title: 'Craft & culture',
    body: 'Onggi potters, hanji makers and design houses keeping traditions alive.',
  },
];

const steps = [
  { title: 'Sign in', body: 'With Google or a code sent to your email.' },
  { title: 'Add two-step sign-in', body: 'A code from your authenticator app keeps your holdings yours.' },
  { title: 'Verify your identity', body: 'A one-time check, reviewed by our team, as the law requires.' },
  {
    title: 'Invest and hold',
    body: 'Buy tokens from a few dollars, pay by bank or crypto, and watch them in your account.',
  },
  { title: 'Vote and earn', body: 'Holders share in revenue, unlock gifts and vote on what happens next.' },
];

function HeroArt() {
  return (
    <svg
      viewBox="0 0 320 280"
      className="h-auto w-full max-w-sm"
      role="img"
      aria-label="Coins gathering into the Moa mark"
    >
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
            <p className="eyebrow">Tokenized K-culture</p>
            <h1 className="mt-3 text-4xl font-extrabold leading-tight tracking-tight text-ink sm:text-5xl lg:text-6xl">
              Own a share of the culture the world is falling for.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-ink-soft">
              Moa is a marketplace for tokenized real-world assets and culture-themed security tokens: music royalties,
              drama rights, restaurants, hanwoo herds and craft, verified and held in custody, from a few dollars.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/projects" className="btn-accent">
                Browse projects
                <span className="i-lucide-arrow-right" aria-hidden="true" />
              </Link>
              <Link to="/about/infrastructure" className="btn-secondary">
                How Moa works
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-soft">
              <li className="inline-flex items-center gap-2">
                <span className="i-lucide-shield-check text-jade-600" aria-hidden="true" /> Every investor
                identity-verified
              </li>
              <li className="inline-flex items-center gap-2">
                <span className="i-lucide-landmark text-jade-600" aria-hidden="true" /> Assets held in custody
              </li>
              <li className="inline-flex items-center gap-2">
                <span className="i-lucide-vote text-jade-600" aria-hidden="true" /> Every vote on record
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
          What you can own
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {themes.map((theme) => (
            <li key={theme.title} className="card p-5">
              <span className={`${theme.icon} text-2xl text-coral-600`} aria-hidden="true" />
              <h3 className="mt-3 font-bold text-ink">{theme.title}</h3>
              <p className="mt-1 text-sm text-ink-soft">{theme.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="container py-10">
        <h2 id="steps-heading" className="text-2xl font-bold text-ink sm:text-3xl">
          From sign-in to your first token
        </h2>
        <StepList steps={steps} columnsClassName="md:grid-cols-5" />
      </section>
    </>
  );
}
