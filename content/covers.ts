// Writes the cover of every product in content/products.json to
// public/images/covers/<sku-lowercase>.svg (npm run content:covers).
//
// Our own artwork, no fonts or images from elsewhere: a 3:4 book cover in the
// level's theme colour (vmbo purple-pink, havo blue, vwo red, read from
// app/app.css), with the product type, the subject, the level and the exam
// year as text, and a motif per product type. Run it after adding products and
// commit the files; `npm run content:validate` checks every product has one.

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BRAND } from '#app/platform/brand.ts';
import { levelLabel, themeForLevel, type LevelTheme } from '#app/platform/levels.ts';
import { coverImagePath, editionYear, productTypeLabel } from '#app/modules/catalog/index.ts';

export interface CoverProduct {
  sku: string;
  name: string;
  productType: string;
  level: string;
  subject: string;
}

export interface ThemeColours {
  primary: string;
  dark: string;
  soft: string;
}

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const FONT = 'Arial,Helvetica,sans-serif';

/** The level themes' colours as app/app.css defines them (`.theme-vmbo { --theme-primary: …; … }`). */
export function themeColours(css: string): Record<LevelTheme, ThemeColours> {
  const found: Partial<Record<LevelTheme, ThemeColours>> = {};
  for (const [, theme, body] of css.matchAll(/\.theme-(vmbo|havo|vwo)\s*\{([^}]*)\}/g)) {
    const value = (name: string) => {
      const match = new RegExp(`--theme-${name}:\\s*(#[0-9a-fA-F]{3,8})`).exec(body ?? '');
      if (!match?.[1]) throw new Error(`app.css: .theme-${theme} has no --theme-${name}`);
      return match[1];
    };
    found[theme as LevelTheme] = { primary: value('primary'), dark: value('dark'), soft: value('soft') };
  }
  const { vmbo, havo, vwo } = found;
  if (!vmbo || !havo || !vwo) throw new Error('app.css: a level theme is missing');
  return { vmbo, havo, vwo };
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Font size that keeps a subject's name on the cover's width (about 230 units). */
function subjectFontSize(title: string): number {
  if (title.length <= 9) return 40;
  if (title.length <= 12) return 34;
  if (title.length <= 15) return 28;
  if (title.length <= 20) return 22;
  return 18;
}

/** The motif of a product type, drawn in the middle of the cover. */
function motif(productType: string, c: ThemeColours): string {
  switch (productType) {
    case 'samenvatting':
      // A card with highlighted lines.
      return (
        `<rect x="150" y="222" width="112" height="92" rx="10" fill="#fff"/>` +
        `<rect x="164" y="240" width="62" height="9" rx="4" fill="#ffc83d"/>` +
        `<rect x="164" y="258" width="84" height="7" rx="3" fill="${c.soft}"/>` +
        `<rect x="164" y="273" width="74" height="7" rx="3" fill="${c.soft}"/>` +
        `<rect x="164" y="288" width="84" height="7" rx="3" fill="${c.soft}"/>`
      );
    case 'examenidioom':
      // Two speech bubbles.
      return (
        `<path d="M150 226h82a12 12 0 0 1 12 12v34a12 12 0 0 1-12 12h-48l-16 14v-14h-18a12 12 0 0 1-12-12v-34a12 12 0 0 1 12-12z" fill="#fff"/>` +
        `<text x="191" y="265" font-family="${FONT}" font-size="24" font-weight="700" fill="${c.dark}" text-anchor="middle">Aa</text>` +
        `<circle cx="252" cy="306" r="20" fill="#ffc83d"/>` +
        `<text x="252" y="313" font-family="${FONT}" font-size="18" font-weight="700" fill="${c.dark}" text-anchor="middle">?</text>`
      );
    case 'klaslicentie':
      // A class: three pupils, the middle one in front, and a tick.
      return (
        `<circle cx="160" cy="258" r="14" fill="#fff" opacity=".7"/>` +
        `<path d="M136 314a24 24 0 0 1 48 0z" fill="#fff" opacity=".7"/>` +
        `<circle cx="224" cy="258" r="14" fill="#fff" opacity=".7"/>` +
        `<path d="M200 314a24 24 0 0 1 48 0z" fill="#fff" opacity=".7"/>` +
        `<circle cx="192" cy="250" r="18" fill="#fff"/>` +
        `<path d="M160 318a32 32 0 0 1 64 0z" fill="#fff"/>` +
        `<circle cx="254" cy="230" r="16" fill="#ffc83d"/>` +
        `<path d="M246 230l5 5 10-10" fill="none" stroke="${c.dark}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`
      );
    default:
      // A stack of exam papers with a tick.
      return (
        `<rect x="158" y="236" width="96" height="76" rx="8" fill="#fff" opacity=".55" transform="rotate(-8 206 274)"/>` +
        `<rect x="152" y="232" width="96" height="76" rx="8" fill="#fff"/>` +
        `<circle cx="240" cy="232" r="22" fill="#ffc83d"/>` +
        `<path d="M230 232l7 7 13-14" fill="none" stroke="${c.dark}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<rect x="166" y="252" width="56" height="7" rx="3" fill="${c.soft}"/>` +
        `<rect x="166" y="268" width="68" height="7" rx="3" fill="${c.soft}"/>` +
        `<rect x="166" y="284" width="44" height="7" rx="3" fill="${c.soft}"/>`
      );
  }
}

/** One cover as SVG text: 300 × 400, the level's colours, type, subject, level and year. */
export function coverSvg(product: CoverProduct, subjectTitle: string, colours: Record<LevelTheme, ThemeColours>) {
  const c = colours[themeForLevel(product.level)];
  const id = `cover-${product.sku.toLowerCase()}`;
  const year = editionYear(product.sku);
  const background = product.productType === 'examenidioom' ? c.dark : c.primary;
  const size = subjectFontSize(subjectTitle);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" role="img" aria-labelledby="${id}">` +
    `<title id="${id}">${escapeXml(`Omslag van ${product.name}`)}</title>` +
    `<rect width="300" height="400" fill="${background}"/>` +
    `<rect width="16" height="400" fill="#fff" opacity=".18"/>` +
    `<circle cx="286" cy="36" r="70" fill="#fff" opacity=".08"/>` +
    `<text x="36" y="56" font-family="${FONT}" font-size="24" font-weight="700" fill="#fff">${escapeXml(BRAND.name)}</text>` +
    `<rect x="36" y="72" width="${Math.round(productTypeLabel(product.productType).length * 10.2) + 22}" height="26" rx="13" fill="#ffc83d"/>` +
    `<text x="46" y="90" font-family="${FONT}" font-size="14" font-weight="700" fill="#1b1633">${escapeXml(productTypeLabel(product.productType).toUpperCase())}</text>` +
    `<text x="36" y="${150 + size / 2}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(subjectTitle)}</text>` +
    `<text x="36" y="${186 + size / 2}" font-family="${FONT}" font-size="20" fill="#fff">${escapeXml(levelLabel(product.level))}</text>` +
    motif(product.productType, c) +
    `<rect x="36" y="342" width="228" height="34" rx="17" fill="#fff"/>` +
    `<text x="150" y="365" font-family="${FONT}" font-size="16" font-weight="700" fill="${c.dark}" text-anchor="middle">${escapeXml(year ? `examen ${year}` : 'examentraining')}</text>` +
    `</svg>\n`
  );
}

/** Writes every product's cover and removes covers of products that no longer exist. */
export function writeCovers(root = ROOT): { written: number; removed: number } {
  const products = JSON.parse(readFileSync(join(root, 'content/products.json'), 'utf8')) as CoverProduct[];
  const subjects = JSON.parse(readFileSync(join(root, 'content/school-subjects.json'), 'utf8')) as {
    fields: { slug: string; title: string };
  }[];
  const titles = new Map(subjects.map((s) => [s.fields.slug, s.fields.title]));
  const colours = themeColours(readFileSync(join(root, 'app/app.css'), 'utf8'));
  const dir = join(root, 'public/images/covers');
  mkdirSync(dir, { recursive: true });
  const wanted = new Set<string>();
  for (const product of products) {
    const path = join(root, 'public', coverImagePath(product.sku));
    wanted.add(path);
    writeFileSync(path, coverSvg(product, titles.get(product.subject) ?? product.subject, colours));
  }
  let removed = 0;
  for (const file of readdirSync(dir)) {
    if (!wanted.has(join(dir, file))) {
      rmSync(join(dir, file));
      removed += 1;
    }
  }
  return { written: products.length, removed };
}

// CLI
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { written, removed } = writeCovers();
  console.log(`covers: ${written} written${removed ? `, ${removed} removed` : ''} in public/images/covers`);
}
