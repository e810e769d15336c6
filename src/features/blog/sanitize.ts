import DOMPurify from 'dompurify';

export type Sanitize = (html: string) => string;

/**
 * The server sanitizes post HTML when it is written; it is cleaned again before it is shown, so a
 * compromised database or cache still cannot run script in the reader's page.
 */
let sanitize: Sanitize = (html) =>
  DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style'],
  });

/** Where there is no DOM for DOMPurify (the server's page renderer), the server's own rule cleans. */
export function setPostSanitizer(serverSanitize: Sanitize): void {
  sanitize = serverSanitize;
}

export const cleanPostHtml = (html: string): string => sanitize(html);
