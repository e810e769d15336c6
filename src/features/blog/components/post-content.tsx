import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The server sanitizes post HTML when it is written; it is cleaned again here so a
 * compromised database or cache still cannot run script in the reader's page.
 */
export function PostContent({ html }: { html: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
        FORBID_ATTR: ['style'],
      }),
    [html],
  );
  return <div className="prose" dangerouslySetInnerHTML={{ __html: clean }} />;
}
