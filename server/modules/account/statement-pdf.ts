import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { Language } from '../../../src/domain/language';
import { formatMinorUnitsIn } from '../../../src/domain/money';
import type { StatementFigures, StatementLine } from '../../../src/domain/statements';
import { statementLocale, statementWords } from '../../i18n/statements';
import { koreanFontFor, loadPdfLib, wrap } from '../orders/pdf';

/**
 * Draws a yearly statement (runs in a render thread, see orders/contract-renderer.ts). Everything
 * it needs comes in the facts, already summed; this only writes them in the investor's language
 * with Noto Sans KR embedded (subset), so Hangul renders anywhere.
 */

export interface StatementFacts {
  language: Language;
  investorName: string;
  year: number;
  /** First and last day covered, as UTC dates (YYYY-MM-DD). */
  from: string;
  to: string;
  isYearToDate: boolean;
  currency: string;
  lines: Array<StatementLine & { productName: string; tokenName: string }>;
  totals: StatementFigures['totals'];
  /** SHA-256 of the statement's figures (statementSha256), printed on every page. */
  sha256: string;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const SIZE = 10;
const LINE = 15;

/** What a statement is drawn on: first a collector of its characters, then the pages. */
export interface Surface {
  text(text: string, size?: number, gray?: number): void;
  row(label: string, value: string, indent?: number): void;
  rule(): void;
  space(points: number): void;
}

/** Gathers every character a statement uses, so the font can be cut down to them before drawing. */
class CharacterCollector implements Surface {
  readonly characters = new Set<string>('0123456789 ·…');
  private add(text: string): void {
    for (const character of text) this.characters.add(character);
  }
  text(text: string): void {
    this.add(text);
  }
  row(label: string, value: string): void {
    this.add(label);
    this.add(value);
  }
  rule(): void {}
  space(): void {}
}

class Sheet implements Surface {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  private pages = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly rgb: (red: number, green: number, blue: number) => RGB,
    private readonly footer: string,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages += 1;
    page.drawText(`${this.footer} · ${this.pages}`, {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: 7,
      font: this.font,
      color: this.rgb(0.4, 0.4, 0.4),
    });
    this.y = PAGE.height - PAGE.margin;
    return page;
  }

  private room(height: number): void {
    if (this.y - height < PAGE.margin) this.page = this.newPage();
  }

  text(text: string, size = SIZE, gray = 0): void {
    for (const line of wrap(text, this.font, size, PAGE.width - PAGE.margin * 2)) {
      this.room(LINE);
      this.y -= LINE * (size / SIZE);
      if (line)
        this.page.drawText(line, {
          x: PAGE.margin,
          y: this.y,
          size,
          font: this.font,
          color: this.rgb(gray, gray, gray),
        });
    }
  }

  /** A label on the left and its value aligned to the right margin. */
  row(label: string, value: string, indent = 12): void {
    this.room(LINE);
    this.y -= LINE;
    const color = this.rgb(0, 0, 0);
    const valueWidth = this.font.widthOfTextAtSize(value, SIZE);
    const right = PAGE.width - PAGE.margin;
    const [shown = ''] = wrap(label, this.font, SIZE, right - PAGE.margin - indent - valueWidth - 12);
    this.page.drawText(shown, { x: PAGE.margin + indent, y: this.y, size: SIZE, font: this.font, color });
    this.page.drawText(value, { x: right - valueWidth, y: this.y, size: SIZE, font: this.font, color });
  }

  rule(): void {
    this.room(10);
    this.y -= 6;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: this.rgb(0.7, 0.7, 0.7),
    });
  }

  space(points: number): void {
    this.y -= points;
  }
}

export async function renderStatement(facts: StatementFacts): Promise<Uint8Array> {
  const words = statementWords(facts.language);
  const locale = statementLocale(facts.language);
  const money = (minor: number) => formatMinorUnitsIn(minor, facts.currency, locale);
  const count = new Intl.NumberFormat(locale);
  const tokens = (quantity: number) => words.tokens(count.format(quantity));
  const date = (day: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

  const title = words.title(facts.year);
  const footer = `Moa · ${title} · ${words.fingerprint} ${facts.sha256}`;
  const draw = (sheet: Surface) => {
    sheet.text(title, 16);
    if (facts.isYearToDate) sheet.text(words.yearToDate, 10, 0.35);
    sheet.space(8);
    sheet.row(words.investor, facts.investorName, 0);
    sheet.row(words.period, `${date(facts.from)} – ${date(facts.to)}`, 0);
    sheet.row(words.asOf, date(facts.to), 0);
    sheet.row(words.currency, facts.currency, 0);

    if (!facts.lines.length) {
      sheet.space(10);
      sheet.text(words.none);
    }
    for (const line of facts.lines) {
      sheet.space(10);
      sheet.rule();
      sheet.text(`${words.project}: ${line.productName} (${line.tokenName})`, 11);
      sheet.row(words.heldAtStart(date(facts.from)), tokens(line.startQuantity));
      sheet.row(words.bought, tokens(line.bought));
      sheet.row(words.sold, tokens(line.sold));
      sheet.row(words.gifted, tokens(line.gifted));
      if (line.adjusted) sheet.row(words.adjusted, tokens(line.adjusted));
      sheet.row(words.heldAtEnd(date(facts.to)), tokens(line.endQuantity));
      sheet.row(words.revenueGross, money(line.revenueGross));
      sheet.row(words.revenueWithheld, money(line.revenueWithheld));
      sheet.row(words.revenueNet, money(line.revenueNet));
    }
    sheet.space(10);
    sheet.rule();
    sheet.text(words.totals, 11);
    sheet.row(words.revenueGross, money(facts.totals.revenueGross));
    sheet.row(words.revenueWithheld, money(facts.totals.revenueWithheld));
    sheet.row(words.revenueNet, money(facts.totals.revenueNet));
    sheet.space(14);
    sheet.text(words.notes, 8, 0.35);
    sheet.text(`${words.fingerprint}: ${facts.sha256}`, 8, 0.35);
  };

  return drawStatementPdf({ title, footer, sha256: facts.sha256, asOfDay: facts.to, draw });
}

/**
 * A statement's PDF: `draw` runs twice, first over a collector of the characters it uses (the
 * font is cut down to them), then over the pages. Fixed dates keep the bytes a function of what
 * is drawn alone.
 */
export async function drawStatementPdf(input: {
  title: string;
  footer: string;
  sha256: string;
  /** The last day the figures cover (YYYY-MM-DD): the document's date. */
  asOfDay: string;
  draw: (surface: Surface) => void;
}): Promise<Uint8Array> {
  const { lib, fontkit } = await loadPdfLib();
  const collector = new CharacterCollector();
  collector.text(input.footer);
  input.draw(collector);
  const doc = await lib.PDFDocument.create();
  doc.registerFontkit(fontkit);
  // Cut down by HarfBuzz first (fontFor); pdf-lib's own pass over the small font then keeps every glyph.
  const font = await doc.embedFont(await koreanFontFor(collector.characters), { subset: true });
  doc.setTitle(input.title);
  doc.setAuthor('Moa');
  doc.setSubject(`${input.title}, SHA-256 ${input.sha256}`);
  doc.setProducer('Moa');
  doc.setCreator('Moa');
  const asOf = new Date(`${input.asOfDay}T00:00:00Z`);
  doc.setCreationDate(asOf);
  doc.setModificationDate(asOf);

  input.draw(new Sheet(doc, font, lib.rgb, input.footer));
  return doc.save({ useObjectStreams: false });
}
