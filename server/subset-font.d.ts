/** subset-font ships no types: the one call the yearly statements use (server/modules/account/statement-pdf.ts). */
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: 'truetype' | 'woff' | 'woff2' | 'sfnt' },
  ): Promise<Buffer>;
}
