import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { faqGroups as faqEn, type FaqItem } from '../features/content/faq';
import { faqGroups as faqKo } from '../features/content/faq.ko';
import { inLanguage } from '../features/content/language';
import { readText } from '../domain/search';
import { pageHead } from '../lib/head';
import { t } from '../lib/i18n';

const validateSearch = (search: Record<string, unknown>): { q?: string } => ({ q: readText(search.q, 100) });

export const Route = createFileRoute('/faq')({
  staticData: { prerender: true, texts: ['contact', 'faq'] },
  validateSearch,
  head: () => pageHead(t('faq.title'), t('faq.description')),
  component: FaqPage,
});

/** Case- and accent-insensitive text for matching what the reader types. */
const normalize = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function matches(item: FaqItem, words: string[]): boolean {
  const haystack = normalize(`${item.question} ${item.answer.join(' ')}`);
  return words.every((word) => haystack.includes(word));
}

function subscribeToHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The address's #answer; none while a page painted by the server is hydrated, then the real one. */
function useHash(): string {
  return useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash.slice(1),
    () => '',
  );
}

function FaqPage() {
  const { q = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const searchId = useId();
  const hash = useHash();
  const words = useMemo(() => normalize(q).split(/\s+/).filter(Boolean), [q]);
  const faqGroups = inLanguage({ en: faqEn, ko: faqKo });
  const groups = useMemo(
    () =>
      faqGroups
        .map((group) => ({
          ...group,
          items: words.length ? group.items.filter((item) => matches(item, words)) : group.items,
        }))
        .filter((group) => group.items.length > 0),
    [words, faqGroups],
  );
  const count = groups.reduce((total, group) => total + group.items.length, 0);

  // A deep link opens its answer and brings it into view once the page has rendered.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(hash)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <section className="container py-10 sm:py-16">
      <p className="eyebrow">{t('faq.eyebrow')}</p>
      <h1 className="page-title mt-2">{t('faq.title')}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{t('faq.description')}</p>

      <form role="search" className="mt-8 max-w-xl" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="font-semibold text-ink">
          {t('faq.search')}
        </label>
        <div className="relative mt-1.5">
          <span
            className="i-lucide-search pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-ink-muted"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            value={q}
            placeholder={t('faq.searchPlaceholder')}
            onChange={(event) =>
              void navigate({ search: { q: event.currentTarget.value || undefined }, replace: true, hash: undefined })
            }
            className="focus-ring block w-full rounded-full border border-ink-muted bg-white py-2.5 pl-11 pr-4 text-base text-ink placeholder:text-ink-muted"
          />
        </div>
        <p className="mt-2 text-sm text-ink-muted" aria-live="polite">
          {words.length ? (count ? t('faq.results', { count }) : t('faq.noResults', { query: q })) : null}
        </p>
      </form>

      <div className="mt-8 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('faq.groups')} className="hidden lg:sticky lg:top-24 lg:block lg:self-start">
          <ul className="space-y-1">
            {groups.map((group) => (
              <li key={group.id}>
                <a
                  href={`#${group.id}`}
                  className="focus-ring block rounded-md px-3 py-1.5 text-sm text-ink-soft hover:(bg-brand-50 text-brand-900)"
                >
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-10">
          {groups.map((group) => (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-24">
              <h2 id={`${group.id}-title`} className="text-xl font-bold text-ink">
                {group.title}
              </h2>
              <div className="mt-4 space-y-3">
                {group.items.map((item) => (
                  <FaqEntry key={item.id} item={item} isOpen={hash === item.id || words.length > 0} />
                ))}
              </div>
            </section>
          ))}
          <div className="card p-6">
            <h2 className="font-bold text-ink">{t('faq.stillStuck')}</h2>
            <Link to="/contact-us/" className="btn-primary mt-4">
              <span className="i-lucide-mail" aria-hidden="true" />
              {t('contact.title')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function FaqEntry({ item, isOpen }: { item: FaqItem; isOpen: boolean }) {
  const [isCopied, setIsCopied] = useState(false);
  return (
    // Keyed by isOpen so a deep link or a search opens it, while the reader can still toggle it.
    <details key={String(isOpen)} id={item.id} open={isOpen} className="card group scroll-mt-24">
      <summary className="focus-ring flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-ink [&::-webkit-details-marker]:hidden">
        {item.question}
        <span
          className="i-lucide-chevron-down shrink-0 text-ink-muted motion-safe:transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="space-y-3 px-5 pb-5 text-ink-soft">
        {item.answer.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
        <button
          type="button"
          className="text-link inline-flex items-center gap-1.5 text-sm font-semibold"
          onClick={() => {
            const url = `${window.location.origin}/faq#${item.id}`;
            void navigator.clipboard?.writeText(url).then(
              () => setIsCopied(true),
              () => window.location.assign(`#${item.id}`),
            );
          }}
        >
          <span className={isCopied ? 'i-lucide-check' : 'i-lucide-link'} aria-hidden="true" />
          {isCopied ? t('faq.copied') : t('faq.copyLink')}
        </button>
      </div>
    </details>
  );
}
