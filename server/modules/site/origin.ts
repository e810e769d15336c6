/**
 * The site's public origin for canonical links, sitemaps, link previews and absolute image
 * URLs: always from configuration (config.publicUrl: PUBLIC_URL or the listening address),
 * never from a request's Host header, which anyone can set and caches would then repeat.
 */
export function publicOrigin(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}
