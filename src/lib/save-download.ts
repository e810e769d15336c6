import type { Download } from './api-client';

/**
 * Hands a downloaded file to the browser to save, under the name the server gave in its
 * Content-Disposition header (spec section 7), or `fallbackName` when it gave none.
 * Answers the name used.
 */
export function saveDownload(download: Download, fallbackName: string): string {
  const name = download.filename ?? fallbackName;
  const url = URL.createObjectURL(download.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click returns; release it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}
