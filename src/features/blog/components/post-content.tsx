import { useMemo } from 'react';
import { cleanPostHtml } from '../sanitize';

/** A post's text, cleaned again before it is shown (see ../sanitize.ts). */
export function PostContent({ html }: { html: string }) {
  const clean = useMemo(() => cleanPostHtml(html), [html]);
  return <div className="prose" dangerouslySetInnerHTML={{ __html: clean }} />;
}
