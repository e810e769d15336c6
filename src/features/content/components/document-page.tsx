import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import type { ContentDocument } from '../types';

/** A readable long document: heading, contents list with anchors, numbered sections. */
export function DocumentPage({
  document,
  eyebrow,
  aside,
}: {
  document: ContentDocument;
  eyebrow: string;
  aside?: ReactNode;
}) {
  return (
    <section className="container py-10 sm:py-16">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="page-title mt-2">{document.title}</h1>
      {document.updated ? (
        <p className="mt-2 text-sm text-ink-muted">
          {t('legal.updated')} <time dateTime={document.updated}>{formatDate(document.updated)}</time>
        </p>
      ) : null}
      <p className="mt-4 max-w-3xl text-lg text-ink-soft">{document.intro}</p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_1fr]">
        <nav aria-label={t('legal.contents')} className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{t('legal.contents')}</h2>
          <ol className="mt-3 space-y-1 border-l border-line">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="focus-ring -ml-px block border-l-2 border-transparent py-1 pl-3 text-sm text-ink-soft hover:(border-brand-700 text-brand-800)"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
          {aside ? <div className="hidden lg:block">{aside}</div> : null}
        </nav>
        <div className="prose max-w-3xl">
          {document.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
              {section.list ? (
                <ul>
                  {section.list.map((item) => (
                    <li key={item.slice(0, 40)}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
        {/* On a phone the related links follow the text rather than push it below the fold. */}
        {aside ? <div className="lg:hidden">{aside}</div> : null}
      </div>
    </section>
  );
}
