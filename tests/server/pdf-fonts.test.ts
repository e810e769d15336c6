import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderSignedContract } from '../../server/modules/orders/pdf';

/** The font programs a PDF embeds, as fontkit reads them. */
async function embeddedFonts(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  const fonts = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const file = object.lookup(PDFName.of('FontFile2'));
    if (file instanceof PDFRawStream) fonts.push(fontkit.create(Buffer.from(decodePDFRawStream(file).decode())));
  }
  return fonts;
}

/**
 * Glyphs of an embedded font that draw something. The subset a PDF embeds has no character map
 * of its own (the page's text names glyphs by number), so every glyph is looked at; a letter
 * whose outline was lost draws nothing and renders as a blank.
 */
function drawnGlyphs(font: ReturnType<typeof fontkit.create>): number {
  let drawn = 0;
  for (let id = 1; id < font.numGlyphs; id += 1) if (font.getGlyph(id).path.toSVG().length > 0) drawn += 1;
  return drawn;
}

describe('contract PDFs', () => {
  it('carry the outline of every Korean letter they use, so none renders blank', async () => {
    const korean = '김하늘 투자 계약서 한우 목장 수익 배분';
    const pdf = await renderSignedContract({
      title: '투자 계약서',
      reference: 'MOA-TEST-0001',
      contractText: `본 계약은 ${korean}에 관한 것입니다. The investor agrees.`,
      contractSha256: 'a'.repeat(64),
      signer: { legalName: '김하늘', email: 'sky@example.com' },
      signedAt: '2026-11-25T10:00:00.000Z',
      ip: '203.0.113.5',
      userAgent: 'Mozilla/5.0',
      documents: [{ name: '투자 설명서', version: 1, sha256: null }],
      events: [{ at: '2026-11-25T10:00:00.000Z', type: 'SIGNED', actor: '김하늘' }],
      signaturePng: null,
    });
    const fonts = await embeddedFonts(pdf);
    expect(fonts).toHaveLength(1);
    // Only spacing glyphs draw nothing (this text's set holds at most two).
    const font = fonts[0]!;
    const drawn = drawnGlyphs(font);
    expect(font.numGlyphs - 1 - drawn).toBeLessThanOrEqual(2);
    expect(drawn).toBeGreaterThanOrEqual(new Set(korean.replace(/\s/g, '')).size);
  }, 60_000);
});
