import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type Fontkit from '@pdf-lib/fontkit';
import type * as PdfLibModule from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * Renders a signed contract: the contract text, then a certificate page (who signed, when in
 * UTC, from which address and device, the hashes, the order's events, the drawn signature).
 * Noto Sans KR is embedded, subset to the characters used, so Korean names render anywhere.
 */

const require = createRequire(import.meta.url);
let fontBytes: Promise<Buffer> | null = null;

// pdf-lib and fontkit (some 25 MiB in memory) load with the first contract, not at start.
type PdfLib = typeof PdfLibModule;
let pdfLibrary: Promise<{ lib: PdfLib; fontkit: typeof Fontkit }> | null = null;
let rgb: PdfLib['rgb'];

/** pdf-lib and fontkit, loaded once per thread (the yearly statements draw with them too). */
export function loadPdfLib() {
  pdfLibrary ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([lib, fontkit]) => {
    rgb = lib.rgb;
    return { lib, fontkit: (fontkit as unknown as { default: typeof Fontkit }).default };
  });
  return pdfLibrary;
}

/** Noto Sans KR's bytes: Latin and Hangul in one font. */
export function koreanFont(): Promise<Buffer> {
  fontBytes ??= readFile(require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'));
  return fontBytes;
}

/**
 * Noto Sans KR cut down to the given characters, by HarfBuzz: pdf-lib's own subsetting (fontkit)
 * of the whole font drops glyphs, leaving blanks where letters should be (seen in poppler and
 * pdf.js), and embedding it whole adds megabytes and misplaces some advances.
 */
export async function koreanFontFor(characters: Iterable<string>): Promise<Uint8Array> {
  const { default: subsetFont } = await import('subset-font');
  return subsetFont(await koreanFont(), [...new Set(characters)].join(''), { targetFormat: 'truetype' });
}

/** Every printable ASCII character: the fixed English texts of a document, whatever they say. */
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).join('');

/** Loads pdf-lib, fontkit and the font ahead of the first contract (a render thread does it as it starts). */
export async function preloadRenderer(): Promise<void> {
  await Promise.all([loadPdfLib(), koreanFont()]);
}

export interface CertificateFacts {
  title: string;
  reference: string;
  contractText: string;
  contractSha256: string;
  signer: { legalName: string; email: string | null };
  signedAt: string;
  ip: string;
  userAgent: string;
  documents: Array<{ name: string; version: number; sha256: string | null }>;
  events: Array<{ type: string; actor: string; at: string }>;
  /** PNG bytes of the drawn signature, if any. */
  signaturePng: Uint8Array | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const BODY_SIZE = 10;
const LINE = 14.5;

/** Splits text into lines that fit `width`, by words, and by characters inside a word too long to fit. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (!paragraph.trim()) {
      lines.push('');
      continue;
    }
    let line = '';
    for (const word of paragraph.split(/(\s+)/)) {
      const candidate = line + word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = word.trimStart();
      while (font.widthOfTextAtSize(line, size) > width) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly footer: string,
  ) {
    this.page = this.newPage();
    this.y = PAGE.height - PAGE.margin;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    page.drawText(this.footer, {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: 7.5,
      font: this.font,
      color: rgb(0.4, 0.4, 0.4),
    });
    return page;
  }

  breakPage(): void {
    this.page = this.newPage();
    this.y = PAGE.height - PAGE.margin;
  }

  text(text: string, size = BODY_SIZE, gap = LINE): void {
    const width = PAGE.width - PAGE.margin * 2;
    for (const line of wrap(text, this.font, size, width)) {
      if (this.y - gap < PAGE.margin) this.breakPage();
      this.y -= gap * (size / BODY_SIZE);
      if (line) this.page.drawText(line, { x: PAGE.margin, y: this.y, size, font: this.font, color: rgb(0, 0, 0) });
    }
  }

  space(points: number): void {
    this.y -= points;
  }

  async image(png: Uint8Array): Promise<void> {
    const image = await this.doc.embedPng(png);
    const scale = Math.min(1, 220 / image.width, 80 / image.height);
    const height = image.height * scale;
    if (this.y - height - 10 < PAGE.margin) this.breakPage();
    this.y -= height + 6;
    this.page.drawImage(image, { x: PAGE.margin, y: this.y, width: image.width * scale, height });
  }
}

export async function renderSignedContract(facts: CertificateFacts): Promise<Uint8Array> {
  const { lib, fontkit } = await loadPdfLib();
  const doc = await lib.PDFDocument.create();
  doc.registerFontkit(fontkit);
  // Every character the contract can draw: its facts (the signature image aside) and its fixed texts.
  const { signaturePng: _image, ...texts } = facts;
  const font = await doc.embedFont(await koreanFontFor(JSON.stringify(texts) + PRINTABLE_ASCII), { subset: true });
  doc.setTitle(`${facts.title} ${facts.reference}`);
  doc.setAuthor('Moa');
  doc.setSubject(`Contract ${facts.reference}, SHA-256 ${facts.contractSha256}`);
  doc.setProducer('Moa');
  doc.setCreator('Moa');
  // Fixed dates keep the bytes a function of the signature alone.
  doc.setCreationDate(new Date(facts.signedAt));
  doc.setModificationDate(new Date(facts.signedAt));

  const writer = new Writer(doc, font, `${facts.reference} · SHA-256 ${facts.contractSha256}`);
  writer.text(facts.title, 15, LINE);
  writer.space(8);
  writer.text(facts.contractText);

  writer.breakPage();
  writer.text('Certificate of electronic signature', 14, LINE);
  writer.space(6);
  const rows: Array<[string, string]> = [
    ['Order reference', facts.reference],
    ['Signer (legal name)', facts.signer.legalName],
    ['Signer email', facts.signer.email ?? 'N/A'],
    ['Signed at (UTC)', facts.signedAt],
    ['IP address', facts.ip],
    ['Device (user agent)', facts.userAgent || 'N/A'],
    ['Contract SHA-256', facts.contractSha256],
  ];
  for (const [label, value] of rows) writer.text(`${label}: ${value}`);
  writer.space(6);
  writer.text('Project documents as they stood at signing:');
  for (const document of facts.documents) {
    writer.text(`  ${document.name} (version ${document.version}): SHA-256 ${document.sha256 ?? 'not available'}`);
  }
  writer.space(6);
  writer.text('Events of the order:');
  for (const event of facts.events) writer.text(`  ${event.at}  ${event.type}  by ${event.actor}`);
  if (facts.signaturePng) {
    writer.space(6);
    writer.text('Drawn signature:');
    await writer.image(facts.signaturePng);
  }
  writer.space(6);
  writer.text(
    'The signer typed their legal name, ticked each consent and signed electronically. The SHA-256 values identify the exact texts signed; any change to them changes the value.',
    8,
  );
  return doc.save({ useObjectStreams: false });
}
