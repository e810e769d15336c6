import { defineConfig, presetWind3, transformerDirectives, transformerVariantGroup } from 'unocss';
import { appIconSprite } from './scripts/icon-sprite';
import { brand } from './src/domain/brand';

/**
 * The design system, defined once. Colours: a deep night-indigo ("bam-haneul", Seoul's
 * night sky) for trust, a dancheong coral for warmth and calls to action, jade for gains,
 * on a hanji-paper background. Every text pairing used here meets WCAG AA contrast.
 */
export default defineConfig({
  presets: [presetWind3({ dark: 'media' })],
  // Icons: `i-lucide-<name>`, masks drawn from one sprite of every icon the app names (scripts/icon-sprite.ts).
  rules: [[/^i-lucide-([a-z0-9]+(?:-[a-z0-9]+)*)$/, ([, name]) => appIconSprite().css(name!)]],
  transformers: [transformerDirectives(), transformerVariantGroup()],
  theme: {
    colors: {
      brand: {
        50: '#eef0ff',
        100: '#dfe2ff',
        200: '#c4c8fd',
        300: '#a0a5f7',
        400: '#7b7fee',
        500: '#5c5ee0',
        600: '#4744c8',
        700: '#3a37a3',
        800: '#2f2e81',
        900: brand.themeColor,
        950: '#16153a',
      },
      coral: {
        50: '#fff3f1',
        100: '#ffe2dd',
        200: '#ffc9c0',
        300: '#ffa294',
        400: '#fb7262',
        500: '#f14c3a',
        600: '#d9331f',
        700: '#b32717',
        800: '#932417',
        900: '#79231a',
      },
      jade: {
        50: '#edfcf6',
        100: '#d2f7e8',
        500: '#14a37a',
        600: '#0b8563',
        700: '#0a6a51',
        800: '#0b5442',
      },
      gold: {
        100: '#fbf1d5',
        500: '#c9982a',
        700: '#8a6412',
      },
      paper: brand.backgroundColor,
      ink: {
        DEFAULT: '#1b1c33',
        soft: '#45475f',
        muted: '#5d6078',
      },
      line: '#e6e1d8',
    },
    fontFamily: {
      sans: "'Noto Sans KR Variable', 'Noto Sans KR', system-ui, -apple-system, 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif",
      mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
    },
    fontSize: {
      xs: ['0.75rem', '1.1rem'],
      sm: ['0.875rem', '1.35rem'],
      base: ['1rem', '1.6rem'],
      lg: ['1.125rem', '1.7rem'],
      xl: ['1.3rem', '1.8rem'],
      '2xl': ['1.6rem', '2.1rem'],
      '3xl': ['2rem', '2.45rem'],
      '4xl': ['2.5rem', '2.9rem'],
      '5xl': ['3.2rem', '3.5rem'],
      '6xl': ['4rem', '4.2rem'],
    },
    borderRadius: {
      sm: '0.375rem',
      DEFAULT: '0.625rem',
      md: '0.75rem',
      lg: '1rem',
      xl: '1.25rem',
      '2xl': '1.75rem',
      full: '9999px',
    },
    boxShadow: {
      card: '0 1px 2px rgb(22 21 58 / 0.06), 0 4px 16px rgb(22 21 58 / 0.06)',
      raised: '0 2px 4px rgb(22 21 58 / 0.08), 0 12px 32px rgb(22 21 58 / 0.12)',
      header: '0 1px 0 rgb(22 21 58 / 0.08)',
    },
    duration: {
      fast: '120ms',
      base: '200ms',
      slow: '320ms',
    },
  },
  shortcuts: {
    container: 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8',
    'focus-ring': 'outline-none focus-visible:(ring-3 ring-brand-400 ring-offset-2 ring-offset-paper)',
    btn: 'focus-ring inline-flex items-center justify-center gap-2 rounded-full px-5 min-h-11 text-sm font-semibold motion-safe:transition-colors motion-safe:duration-fast disabled:(opacity-60 cursor-not-allowed) select-none',
    'btn-primary': 'btn bg-brand-900 text-white hover:bg-brand-800 active:bg-brand-950',
    'btn-accent': 'btn bg-coral-600 text-white hover:bg-coral-700',
    'btn-secondary': 'btn bg-white text-brand-900 ring-1 ring-inset ring-brand-200 hover:bg-brand-50',
    'btn-ghost': 'btn bg-transparent text-ink hover:bg-brand-50',
    card: 'rounded-xl bg-white shadow-card ring-1 ring-line/70',
    input:
      'block w-full min-h-11 rounded-md bg-white px-3.5 py-2 text-base text-ink ring-1 ring-inset ring-ink-muted/45 placeholder:text-ink-muted outline-none focus-visible:(ring-3 ring-brand-400) disabled:(bg-paper text-ink-muted)',
    'text-link':
      'focus-ring rounded-sm text-brand-700 underline underline-offset-3 decoration-brand-300 hover:decoration-brand-700',
    eyebrow: 'text-xs font-bold uppercase tracking-[0.14em] text-coral-700',
    'page-title': 'text-3xl sm:text-4xl font-bold tracking-tight text-ink',
  },
  preflights: [
    {
      getCSS: () => `
        @media (prefers-reduced-motion: reduce) {
          *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
        }
      `,
    },
  ],
});
