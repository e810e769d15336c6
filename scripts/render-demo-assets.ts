/**
 * Makes the demo catalogue's pictures and documents (PDF) from its data, so every demo project
 * has its own art and real files with nothing fetched from the internet. The art is drawn as SVG
 * here and saved as WebP, drawn by Debian's Chromium (CHROME_PATH, else /usr/bin/chromium): the
 * pictures of a project are what an operator uploads (JPEG, PNG or WebP), and a phone decodes a
 * WebP off its main thread, where every SVG picture costs it a document of its own to set up
 * (docs/decisions/1839-first-renders-without-intl-or-svg-pictures.md).
 * Run after changing server/db/seed/catalogue-data.ts: `npx tsx scripts/render-demo-assets.ts`.
 * The files are committed under public/demo/.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { chromium, type Page } from 'playwright';
import { demoProjects, type DemoProject, type Theme } from '../server/db/seed/catalogue-data';
import { minorUnitDigits, toMajorUnits } from '../src/domain/money';

const root = path.resolve('public/demo');

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** A small deterministic generator so each project's art differs but never changes between runs. */
function random(seed: string) {
  let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 2166136261);
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function motif(
  theme: Theme,
  [dark, accent, light]: DemoProject['palette'],
  rnd: () => number,
  art?: DemoProject['art'],
): string {
  if (art === 'bottle') {
    return `<rect x="0" y="620" width="1200" height="180" fill="#000" opacity="0.25"/>
<path d="M500 120 h90 v90 q70 40 70 130 v300 q0 30 -30 30 h-170 q-30 0 -30 -30 v-300 q0 -90 70 -130 Z" fill="${light}"/>
<rect x="470" y="360" width="180" height="150" rx="12" fill="${accent}"/>
<circle cx="560" cy="435" r="44" fill="${dark}" opacity="0.85"/>
<ellipse cx="800" cy="600" rx="130" ry="34" fill="${light}" opacity="0.95"/>
<path d="M670 600 Q 670 700 800 705 Q 930 700 930 600 Z" fill="${accent}"/>
<ellipse cx="800" cy="600" rx="112" ry="24" fill="#f4efe1"/>`;
  }
  if (art === 'orchard') {
    const fruit = Array.from(
      { length: 16 },
      () => `<circle cx="${420 + rnd() * 360}" cy="${200 + rnd() * 230}" r="${16 + rnd() * 8}" fill="${accent}"/>`,
    ).join('');
    return `<circle cx="1020" cy="150" r="70" fill="${light}" opacity="0.9"/>
<path d="M0 560 Q 300 500 600 560 T 1200 540 V 800 H 0 Z" fill="#0f2e22"/>
<rect x="585" y="400" width="30" height="200" rx="10" fill="#5a3e2b"/>
<ellipse cx="600" cy="320" rx="230" ry="170" fill="#2d6a4f"/><ellipse cx="520" cy="280" rx="120" ry="90" fill="#40916c"/>
${fruit}
${[180, 260, 940, 1020].map((x) => `<circle cx="${x}" cy="${600 + rnd() * 40}" r="18" fill="${accent}"/>`).join('')}`;
  }
  switch (theme) {
    case 'music': {
      const bars = Array.from({ length: 18 }, (_, i) => {
        const height = 60 + rnd() * 220;
        return `<rect x="${640 + i * 28}" y="${620 - height}" width="16" height="${height}" rx="8" fill="${i % 3 ? accent : light}" opacity="${0.55 + rnd() * 0.45}"/>`;
      }).join('');
      return `<circle cx="360" cy="400" r="250" fill="${light}" opacity="0.12"/>
<circle cx="360" cy="400" r="210" fill="#0b0b12"/>
${[180, 150, 120, 95].map((r) => `<circle cx="360" cy="400" r="${r}" fill="none" stroke="${light}" stroke-opacity="0.18" stroke-width="2"/>`).join('')}
<circle cx="360" cy="400" r="64" fill="${accent}"/><circle cx="360" cy="400" r="10" fill="${dark}"/>${bars}`;
    }
    case 'drama': {
      const stars = Array.from(
        { length: 40 },
        () =>
          `<circle cx="${rnd() * 1200}" cy="${rnd() * 380}" r="${1 + rnd() * 2.5}" fill="${light}" opacity="${0.4 + rnd() * 0.6}"/>`,
      ).join('');
      return `${stars}<circle cx="${880 + rnd() * 120}" cy="190" r="96" fill="${light}"/>
<path d="M120 560 L600 470 L1080 560 Z" fill="${accent}" opacity="0.9"/>
<rect x="220" y="560" width="760" height="40" fill="${dark}" opacity="0.8"/>
<rect x="260" y="600" width="680" height="200" fill="#000" opacity="0.35"/>
${[300, 420, 540, 660, 780, 880].map((x) => `<rect x="${x}" y="600" width="22" height="200" fill="${accent}" opacity="0.55"/>`).join('')}
<rect x="0" y="740" width="1200" height="60" fill="#000" opacity="0.55"/>
${Array.from({ length: 20 }, (_, i) => `<rect x="${20 + i * 60}" y="758" width="30" height="22" rx="4" fill="${light}" opacity="0.5"/>`).join('')}`;
    }
    case 'food': {
      const steam = [0, 1, 2]
        .map(
          (i) =>
            `<path d="M${520 + i * 80} 260 q -30 -50 0 -100 q 30 -50 0 -100" fill="none" stroke="${light}" stroke-width="10" stroke-linecap="round" opacity="0.55"/>`,
        )
        .join('');
      const toppings = Array.from(
        { length: 14 },
        () =>
          `<circle cx="${460 + rnd() * 280}" cy="${380 + rnd() * 60}" r="${14 + rnd() * 16}" fill="${rnd() > 0.5 ? accent : light}"/>`,
      ).join('');
      return `${steam}<ellipse cx="600" cy="420" rx="300" ry="70" fill="${light}" opacity="0.9"/>${toppings}
<path d="M300 420 Q 300 640 600 660 Q 900 640 900 420 Z" fill="${accent}"/>
<path d="M330 470 Q 600 520 870 470" stroke="${light}" stroke-width="8" fill="none" opacity="0.6"/>
<rect x="880" y="180" width="14" height="380" rx="7" transform="rotate(18 887 370)" fill="${light}"/>
<rect x="920" y="180" width="14" height="380" rx="7" transform="rotate(22 927 370)" fill="${light}" opacity="0.8"/>`;
    }
    case 'hanwoo': {
      return `<circle cx="950" cy="170" r="80" fill="${light}" opacity="0.85"/>
<path d="M0 520 Q 300 380 600 500 T 1200 470 V 800 H 0 Z" fill="${accent}" opacity="0.55"/>
<path d="M0 600 Q 350 500 700 600 T 1200 580 V 800 H 0 Z" fill="${accent}"/>
<g transform="translate(${380 + rnd() * 120} 430)" fill="${dark}">
<rect x="0" y="40" width="260" height="120" rx="56"/><rect x="230" y="10" width="90" height="80" rx="30"/>
<rect x="30" y="140" width="26" height="90" rx="10"/><rect x="80" y="140" width="26" height="90" rx="10"/>
<rect x="180" y="140" width="26" height="90" rx="10"/><rect x="225" y="140" width="26" height="90" rx="10"/>
<path d="M250 14 l-18 -26 M305 14 l18 -26" stroke="${light}" stroke-width="8" stroke-linecap="round"/></g>
${Array.from({ length: 12 }, () => `<rect x="${rnd() * 1200}" y="${640 + rnd() * 140}" width="4" height="${16 + rnd() * 20}" fill="${light}" opacity="0.5"/>`).join('')}`;
    }
    case 'craft': {
      const jar = (x: number, scale: number, fill: string) =>
        `<g transform="translate(${x} ${620 - 360 * scale}) scale(${scale})"><path d="M60 0 H180 Q190 40 230 80 Q290 160 260 280 Q240 360 120 360 Q0 360 -20 280 Q-50 160 10 80 Q50 40 60 0 Z" fill="${fill}"/><path d="M0 150 Q120 190 240 150" stroke="${light}" stroke-width="6" fill="none" opacity="0.5"/></g>`;
      return `<rect x="0" y="620" width="1200" height="180" fill="${dark}" opacity="0.6"/>
${jar(250, 1, accent)}${jar(620, 0.75, light)}${jar(880, 0.55, accent)}
<circle cx="1040" cy="160" r="${50 + rnd() * 30}" fill="${light}" opacity="0.9"/>`;
    }
  }
}

function cover(project: DemoProject, variant: number): string {
  const rnd = random(`${project.slug}-${variant}`);
  const [dark, accent, light] = project.palette;
  const angle = Math.round(rnd() * 90);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800">
<defs><linearGradient id="g" gradientTransform="rotate(${angle})"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${variant === 2 ? accent : dark}" stop-opacity="${variant === 2 ? 0.75 : 0.85}"/></linearGradient></defs>
<rect width="1200" height="800" fill="${dark}"/><rect width="1200" height="800" fill="url(#g)"/>
${variant === 1 ? `<circle cx="${200 + rnd() * 800}" cy="${200 + rnd() * 300}" r="${300 + rnd() * 120}" fill="${light}" opacity="0.06"/>` : ''}
${motif(project.theme, project.palette, rnd, project.art)}
</svg>\n`;
}

function initials(name: string): string {
  return name
    .replace(/[^A-Za-z0-9 ]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

function logo(project: DemoProject): string {
  const [dark, accent, light] = project.palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
<rect width="256" height="256" rx="56" fill="${dark}"/><circle cx="188" cy="68" r="30" fill="${accent}"/>
<text x="128" y="160" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="96" font-weight="700" fill="${light}">${escapeXml(initials(project.name))}</text>
</svg>\n`;
}

function avatar(name: string, palette: DemoProject['palette']): string {
  const [dark, accent, light] = palette;
  const letters = name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">
<rect width="160" height="160" rx="80" fill="${accent}"/><circle cx="80" cy="62" r="30" fill="${light}" opacity="0.9"/>
<path d="M28 144 Q80 84 132 144 Z" fill="${dark}" opacity="0.85"/>
<text x="80" y="72" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700" fill="${dark}">${escapeXml(letters)}</text>
</svg>\n`;
}

function locationMap(project: DemoProject): string {
  const rnd = random(`${project.slug}-map`);
  const [dark, accent, light] = project.palette;
  const roads = Array.from({ length: 9 }, () => {
    const horizontal = rnd() > 0.5;
    const at = 40 + rnd() * 520;
    return horizontal
      ? `<rect x="0" y="${at}" width="800" height="${6 + rnd() * 10}" fill="#ffffff" opacity="0.85"/>`
      : `<rect x="${at}" y="0" width="${6 + rnd() * 10}" height="600" fill="#ffffff" opacity="0.85"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600">
<rect width="800" height="600" fill="${light}"/><path d="M0 470 Q 200 420 400 480 T 800 450 V 600 H 0 Z" fill="#9ecae1" opacity="0.7"/>
<rect x="90" y="90" width="180" height="120" fill="#cfe8c8"/><rect x="520" y="260" width="150" height="110" fill="#cfe8c8"/>
${roads}
<g transform="translate(400 300)"><path d="M0 0 C -40 -50 -40 -100 0 -100 C 40 -100 40 -50 0 0 Z" fill="${accent}" stroke="${dark}" stroke-width="4"/><circle cx="0" cy="-66" r="14" fill="${light}"/></g>
</svg>\n`;
}

async function documentPdf(project: DemoProject, kind: 'memorandum' | 'terms'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${project.name}: ${kind === 'memorandum' ? 'Offering memorandum' : 'Token terms'}`);
  pdf.setAuthor(project.legalName);
  pdf.setCreator('Moa');
  pdf.setCreationDate(new Date('2026-11-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-11-01T00:00:00Z'));
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // The standard PDF fonts cover Latin text only; typographic quotes are folded to ASCII.
  const plain = (text: string) =>
    text
      .replace(/[’‘]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/[^\x20-\x7E]/g, '');
  let y = 780;
  const write = (text: string, size = 11, font = regular) => {
    const words = plain(text).split(' ');
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > 495) {
        page.drawText(line, { x: 50, y, size, font, color: rgb(0.1, 0.11, 0.2) });
        y -= size * 1.5;
        line = word;
      } else {
        line = next;
      }
    }
    if (line) page.drawText(line, { x: 50, y, size, font, color: rgb(0.1, 0.11, 0.2) });
    y -= size * 1.5 + 6;
  };
  page.drawRectangle({ x: 0, y: 812, width: 595, height: 30, color: rgb(0.145, 0.141, 0.373) });
  page.drawText('MOA  |  DEMO DOCUMENT', { x: 50, y: 823, size: 9, font: bold, color: rgb(1, 1, 1) });
  write(project.name, 20, bold);
  write(kind === 'memorandum' ? 'Offering memorandum (summary)' : 'Token terms', 13, bold);
  write(`Issuer: ${project.legalName}, ${project.form}, ${project.address}.`);
  write(project.description);
  // The demo documents are written in US dollars, whatever CURRENCY a deployment sets.
  const usd = (cents: number) =>
    `USD ${toMajorUnits(cents, 'USD').toLocaleString('en-US', { minimumFractionDigits: minorUnitDigits('USD') })}`;
  if (kind === 'memorandum') {
    write('The offering', 13, bold);
    write(
      `${project.totalQuantity.toLocaleString('en-US')} ${project.tokenName} tokens at ${usd(project.pricePerToken)} each. ` +
        `Minimum investment ${usd(project.userMinInvestment)}` +
        (project.userMaxInvestment ? `, maximum ${usd(project.userMaxInvestment)} per investor.` : '.'),
    );
    if (project.targetCap)
      write(`Funding goal: ${usd(project.targetCap)}. Soft cap: ${project.softCap ? usd(project.softCap) : 'none'}.`);
    write(project.highlights.title, 13, bold);
    write(project.highlights.content);
    write('Questions investors ask', 13, bold);
    for (const faq of project.faqs) {
      write(faq.title, 11, bold);
      write(faq.description);
    }
  } else {
    write('1. What a token represents', 13, bold);
    write(
      `Each ${project.tokenName} token is a share of the economic rights described in the offering memorandum. It carries no ownership of the issuer's shares.`,
    );
    write('2. Payments', 13, bold);
    write(
      'Distributions are paid to the bank account or wallet on record with Moa, with a statement in the account area.',
    );
    write('3. Transfers', 13, bold);
    write(
      'Tokens can be transferred only to identity-verified Moa investors and only where the law of both parties allows it.',
    );
    write('4. Votes', 13, bold);
    write('Holders vote on proposals and agendas in proportion to their holding at the moment a vote opens.');
  }
  write('This is a demonstration document made for the Moa demo data. It is not an offer of securities.', 9);
  return pdf.save();
}

/**
 * An SVG drawing as a WebP picture `width` pixels wide (its height in proportion), drawn by the
 * browser onto a canvas. Quality 0.8 keeps flat colour and edges clean at a few kilobytes.
 */
async function webp(page: Page, svg: string, width: number): Promise<Buffer> {
  const encoded = await page.evaluate(
    async ({ svg, width }) => {
      const image = new Image();
      image.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round((width * image.naturalHeight) / image.naturalWidth);
      canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', 0.8).split(',')[1]!;
    },
    { svg, width },
  );
  return Buffer.from(encoded, 'base64');
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const project of demoProjects) {
  const dir = path.join(root, 'projects', project.slug);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Wide enough for a card or the page's picture on a phone's screen at three pixels a point.
  const pictures: [string, string, number][] = [
    ['cover', cover(project, 0), 800],
    ['gallery-1', cover(project, 1), 800],
    ['gallery-2', cover(project, 2), 800],
    ['logo', logo(project), 192],
    ['location', locationMap(project), 640],
    ...project.team.map((member, index): [string, string, number] => [
      `team-${index + 1}`,
      avatar(member.name, project.palette),
      160,
    ]),
  ];
  for (const [name, svg, width] of pictures)
    writeFileSync(path.join(dir, `${name}.webp`), await webp(page, svg, width));
  const docs = path.join(root, 'documents');
  mkdirSync(docs, { recursive: true });
  writeFileSync(path.join(docs, `${project.slug}-offering-memorandum.pdf`), await documentPdf(project, 'memorandum'));
  writeFileSync(path.join(docs, `${project.slug}-token-terms.pdf`), await documentPdf(project, 'terms'));
}
await browser.close();
console.log(`wrote art and documents for ${demoProjects.length} projects under public/demo/`);
