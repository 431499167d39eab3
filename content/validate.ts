// Validates the seed content in this folder: shapes, ids, links between
// entries, internal links to routes, EANs, images and forbidden texts.
//
//   node content/validate.ts [contentDir]        (npm run content:validate)
//
// Programmatic use:
//   import { validateContent, checkContent } from './content/validate.ts';
//   const { ok, errors, warnings, stats } = validateContent('content');
//   checkContent(inMemoryFiles, { imageExists: (url) => … }); // no file system
//
// Lists the app also knows (product types, levels, themes, paths, the number of
// product-list CTAs) come from app/domain, so the content cannot drift from them.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ABOUT_PATH, AREA_LOGIN_PATH, AREA_PATH } from '#app/platform/brand.ts';
import { PLAN_PATH } from '#app/platform/study-paths.ts';
import { LEVEL_ORDER, LEVEL_THEMES } from '#app/platform/levels.ts';
import { NEWSLETTER_PATH } from '#app/modules/newsletter/index.ts';
import { BLOG_PATH, CTA_POSITIONS } from '#app/platform/pagination.ts';
import {
  contentProductId,
  coverImagePath,
  isQuoteProduct,
  parseProductPreviews,
  PRODUCT_TYPES,
  QUOTE_PRODUCT_TYPES,
} from '#app/modules/catalog/index.ts';
import { parseTimetableFile } from '#app/modules/exam-data/index.ts';
import { studyFileNames, studySubjectsWithChecks, validateStudyContent } from './validate-study.ts';
import { BLOCK_LINE, isProductBlock, QUOTE_PATH, TEACHERS_PATH, toEmbeddedBlock } from '#app/modules/content/index.ts';
import { shopFactContradictions } from '#app/modules/shop/index.ts';

/** Content-service files and the content type every entry in them must have. */
export const ENTRY_FILES = {
  'navigation.json': 'navigation',
  'navigation-items.json': 'navigationItem',
  'config.json': 'config',
  'footer-logos.json': 'footerLogos',
  'categories.json': 'category',
  'articles.json': 'article',
  'levels.json': 'level',
  'school-subjects.json': 'schoolSubject',
  'pages.json': 'page',
} as const;
export type EntryFile = keyof typeof ENTRY_FILES;

/**
 * Files of plain records (no sys/fields envelope). product-previews.json holds
 * the preview copies' sample text per subject (app/modules/catalog/schemas/product-previews.ts).
 */
export const PLAIN_FILES = ['products.json', 'bundles.json', 'product-previews.json', 'exam-timetable.json'] as const;
export type PlainFile = (typeof PLAIN_FILES)[number];

export type ContentFile = EntryFile | PlainFile;
export const CONTENT_FILES: readonly ContentFile[] = [...(Object.keys(ENTRY_FILES) as EntryFile[]), ...PLAIN_FILES];

/** The parsed content: every file is a top-level JSON array. */
export type ContentData = Readonly<Record<ContentFile, readonly unknown[]>>;

export interface ValidationResult {
  ok: boolean;
  errors: string[];
  warnings: string[];
  stats: Record<string, number>;
}

export interface CheckOptions {
  /** Whether a site-relative image url (starting with /images/) is a file under public/. */
  imageExists: (url: string) => boolean;
  /** Whether a school subject at a level has exam checks in the study area (content/study), for `[[examencheck: SKU]]`. */
  hasExamChecks?: (level: string, subject: string) => boolean;
}

const NAV_POSITIONS: ReadonlySet<string> = new Set(['Main', 'Account Footer', 'Footer 1', 'Footer 2', 'Footer 3']);
const SOCIAL_ICONS: ReadonlySet<string> = new Set(['instagram', 'tiktok', 'youtube', 'facebook', 'linkedin']);
const THEMES: ReadonlySet<string> = new Set(LEVEL_THEMES);
const ALL_PRODUCT_TYPES: readonly string[] = [...PRODUCT_TYPES, ...QUOTE_PRODUCT_TYPES];
const PRODUCT_TYPE_SET: ReadonlySet<string> = new Set(ALL_PRODUCT_TYPES);
const LEVEL_SET: ReadonlySet<string> = new Set(LEVEL_ORDER);
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const FORBIDDEN = [/lorem\s+ipsum/i, /\bbinnenkort\b/i, /coming\s+soon/i, /\bTODO\b/, /\bplaceholder\b/i, /\bFIXME\b/];
const ARTICLE_DATE_MIN = '2025-09-01T00:00:00.000Z';
const ARTICLE_DATE_MAX = '2026-11-15T23:59:59.999Z';
const CATEGORY_PATH = `${BLOG_PATH}/categorie`;

/** Public routes of the site (spec section 2) that do not come from content entries. */
const STATIC_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/afrekenen',
  '/afrekenen/betalen',
  '/afrekenen/bevestiging',
  '/winkelwagen',
  '/artikel',
  '/contact',
  TEACHERS_PATH,
  QUOTE_PATH,
  NEWSLETTER_PATH,
  BLOG_PATH,
  CATEGORY_PATH,
  ABOUT_PATH,
  '/privacy',
  '/producten',
  '/producten/voordeelpakketten',
  '/quickscan',
  '/zoeken',
  AREA_PATH,
  AREA_LOGIN_PATH,
  `${AREA_PATH}/account`,
  `${AREA_PATH}/account/mijn-vakken-boeken`,
  `${AREA_PATH}/account/subjects-and-books`,
  `${AREA_PATH}/account/profile`,
  `${AREA_PATH}/onboarding`,
  PLAN_PATH,
]);

/** EAN-13: weights 1,3,1,3… over the first 12 digits; check digit makes the sum a multiple of 10. */
export function isValidEan13(code: unknown): boolean {
  if (typeof code !== 'string' || !/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

type Rec = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The value as an object, or an empty one (so malformed entries give errors, not crashes). */
const rec = (value: unknown): Rec => (isRecord(value) ? value : {});
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const sysOf = (entry: unknown): Rec => rec(rec(entry).sys);
const fieldsOf = (entry: unknown): Rec => rec(rec(entry).fields);
const idOf = (entry: unknown): string => String(sysOf(entry).id);
const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const wordCount = (md: string): number =>
  md
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*[\]()-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

/** Calls fn(value, path) for every value inside obj. */
function walk(obj: unknown, fn: (value: unknown, path: string) => void, path = ''): void {
  fn(obj, path);
  if (Array.isArray(obj)) obj.forEach((v, i) => walk(v, fn, `${path}[${i}]`));
  else if (isRecord(obj)) for (const [k, v] of Object.entries(obj)) walk(v, fn, path ? `${path}.${k}` : k);
}

interface Link {
  sys: Rec & { type: 'Link'; id: unknown };
}
const isLink = (value: unknown): value is Link => isRecord(value) && isRecord(value.sys) && value.sys.type === 'Link';

/**
 * Checks parsed content without touching the file system (images are looked up
 * through `options.imageExists`). Errors make the content invalid; warnings are
 * editorial hints.
 */
export function checkContent(data: ContentData, options: CheckOptions): ValidationResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const err = (message: string): void => {
    errors.push(message);
  };
  const warn = (message: string): void => {
    warnings.push(message);
  };

  // 1. every file is an array
  for (const file of CONTENT_FILES) {
    if (!Array.isArray(data[file])) err(`${file}: top level must be an array`);
  }
  if (errors.length) return { ok: false, errors, warnings, stats: {} };

  // 2. entry shape + unique ids
  const byId = new Map<string, { contentType: string; file: ContentFile }>();
  for (const [file, type] of Object.entries(ENTRY_FILES) as [EntryFile, string][]) {
    data[file].forEach((e, i) => {
      const where = `${file}[${i}]`;
      const sys = sysOf(e);
      const id = str(sys.id);
      if (id === undefined) return err(`${where}: sys.id missing`);
      if (!KEBAB.test(id)) err(`${where}: id "${id}" is not kebab-case`);
      if (sys.contentType !== type) err(`${where}: contentType "${show(sys.contentType)}" should be "${type}"`);
      const createdAt = str(sys.createdAt) ?? '';
      const updatedAt = str(sys.updatedAt) ?? '';
      if (!ISO.test(createdAt) || !ISO.test(updatedAt)) err(`${where}: createdAt/updatedAt must be ISO timestamps`);
      else if (updatedAt < createdAt) err(`${where}: updatedAt before createdAt`);
      if (!isRecord(rec(e).fields)) err(`${where}: fields missing`);
      const previous = byId.get(id);
      if (previous) err(`${where}: duplicate id "${id}" (also in ${previous.file})`);
      byId.set(id, { contentType: type, file });
    });
  }
  // footer logo asset ids share the id space
  for (const fl of data['footer-logos.json']) {
    list(fieldsOf(fl).logos).forEach((logo, i) => {
      const id = str(sysOf(logo).id);
      if (id === undefined) return err(`footer-logos.json logo[${i}]: sys.id missing`);
      if (byId.has(id)) err(`footer-logos.json: duplicate id "${id}"`);
      byId.set(id, { contentType: 'asset', file: 'footer-logos.json' });
      if (!rec(logo).title) err(`footer-logos.json logo "${id}": title missing`);
      if (typeof rec(rec(logo).file).url !== 'string') err(`footer-logos.json logo "${id}": file.url missing`);
    });
  }

  // the content side of every product is an entry the seed derives from products.json
  const productSkus = new Set<string>();
  /** Products whose subject has exam checks in the study area. */
  const examCheckSkus = new Set<string>();
  /** Products sold on a quote (class licences): no add-to-cart block. */
  const quoteSkus = new Set<string>();
  for (const product of data['products.json']) {
    const sku = str(rec(product).sku);
    if (!sku) continue;
    productSkus.add(sku);
    if (isQuoteProduct(str(rec(product).productType) ?? '')) quoteSkus.add(sku);
    const [level, subject] = [str(rec(product).level), str(rec(product).subject)];
    if (level && subject && options.hasExamChecks?.(level, subject)) examCheckSkus.add(sku);
    byId.set(contentProductId(sku), { contentType: 'product', file: 'products.json' });
  }

  // 3. every link resolves (and to the expected content type where known)
  const expectLink = (v: unknown, where: string, type?: string): void => {
    if (!isLink(v)) return err(`${where}: expected a Link`);
    const target = byId.get(String(v.sys.id));
    if (!target) err(`${where}: link to unknown id "${show(v.sys.id)}"`);
    else if (type && target.contentType !== type)
      err(`${where}: link "${show(v.sys.id)}" is a ${target.contentType}, expected ${type}`);
  };
  for (const file of Object.keys(ENTRY_FILES) as EntryFile[]) {
    data[file].forEach((e, i) =>
      walk(rec(e).fields, (v, path) => {
        if (isLink(v)) {
          if (v.sys.linkType !== 'Entry') err(`${file}[${i}].${path}: linkType must be "Entry"`);
          expectLink(v, `${file}[${i}].${path}`);
        }
      }),
    );
  }

  // 4. per content type rules
  const categories = data['categories.json'];
  const articles = data['articles.json'];
  const pages = data['pages.json'];
  const levels = data['levels.json'];
  const subjects = data['school-subjects.json'];
  const slugOf = (e: unknown): string | undefined => str(fieldsOf(e).slug);
  const levelSlugs = new Set(levels.map(slugOf));
  const subjectLevels = new Map(subjects.map((s) => [slugOf(s), list(fieldsOf(s).levels)]));
  const articleSlugs = new Set(articles.map(slugOf));
  const pageSlugs = new Set(pages.map(slugOf));

  const uniqueField = (entries: readonly unknown[], file: ContentFile, field: string): void => {
    const seen = new Set<unknown>();
    entries.forEach((e, i) => {
      const v = (isRecord(rec(e).fields) ? fieldsOf(e) : rec(e))[field];
      if (v === undefined || v === null || v === '') err(`${file}[${i}]: ${field} missing`);
      else if (seen.has(v)) err(`${file}[${i}]: duplicate ${field} "${show(v)}"`);
      seen.add(v);
    });
  };
  uniqueField(categories, 'categories.json', 'slug');
  uniqueField(articles, 'articles.json', 'slug');
  uniqueField(pages, 'pages.json', 'slug');
  uniqueField(levels, 'levels.json', 'slug');
  uniqueField(subjects, 'school-subjects.json', 'slug');

  // navigation
  for (const n of data['navigation.json']) {
    const f = fieldsOf(n);
    const id = idOf(n);
    if (!NAV_POSITIONS.has(str(f.position) ?? '')) err(`navigation ${id}: invalid position "${show(f.position)}"`);
    const items = list(f.navigationItems);
    if (!items.length) err(`navigation ${id}: navigationItems empty`);
    items.forEach((l, i) => expectLink(l, `navigation ${id}.navigationItems[${i}]`, 'navigationItem'));
  }
  const positions = data['navigation.json'].map((n) => fieldsOf(n).position);
  for (const p of NAV_POSITIONS) if (!positions.includes(p)) err(`navigation: no entry with position "${p}"`);
  for (const n of data['navigation-items.json']) {
    const f = fieldsOf(n);
    const id = idOf(n);
    if (!f.title) err(`navigationItem ${id}: title missing`);
    const link = str(f.link);
    if (link === undefined || !(link.startsWith('/') || link.startsWith('https://')))
      err(`navigationItem ${id}: link must be site-relative or https`);
    if (f.childItems !== undefined) {
      if (!Array.isArray(f.childItems)) err(`navigationItem ${id}: childItems must be an array`);
      else
        list(f.childItems).forEach((l, i) => expectLink(l, `navigationItem ${id}.childItems[${i}]`, 'navigationItem'));
    }
  }

  // config
  if (data['config.json'].length !== 1) err('config.json: expected exactly one entry');
  for (const c of data['config.json']) {
    const f = fieldsOf(c);
    list(f.socialLinks).forEach((s, i) => {
      const { icon, url } = rec(s);
      if (!SOCIAL_ICONS.has(str(icon) ?? '')) err(`config socialLinks[${i}]: unknown icon "${show(icon)}"`);
      if (!/^https:\/\//.test(str(url) ?? '')) err(`config socialLinks[${i}]: url must be https`);
    });
    // One CTA per position in the product list (app/platform/pagination.ts).
    const ctas = list(f.productsArchiveCTAs);
    if (!Array.isArray(f.productsArchiveCTAs) || ctas.length !== CTA_POSITIONS.length)
      err(`config: expected ${CTA_POSITIONS.length} productsArchiveCTAs`);
    ctas.forEach((cta, i) => {
      const fields = rec(cta);
      for (const k of ['title', 'text', 'buttonLabel', 'link'])
        if (!fields[k]) err(`config productsArchiveCTAs[${i}]: ${k} missing`);
      if (!THEMES.has(str(fields.theme) ?? ''))
        err(
          `config productsArchiveCTAs[${i}]: invalid theme "${show(fields.theme)}" (one of ${LEVEL_THEMES.join(', ')})`,
        );
    });
    const banner = rec(f.saleBanner);
    if (!banner.text || !banner.link) err('config: saleBanner.text and saleBanner.link required');
    const camp = rec(f.campaign);
    if (!camp.id || !camp.title || !list(camp.body).length || !camp.buttonLabel || !camp.link || !camp.image)
      err('config: campaign incomplete');
  }
  if (data['footer-logos.json'].length !== 1) err('footer-logos.json: expected exactly one entry');

  // categories and articles
  const articlesPerCategory = new Map(categories.map((c) => [idOf(c), 0]));
  for (const a of articles) {
    const f = fieldsOf(a);
    const id = idOf(a);
    for (const k of ['title', 'slug', 'metaTitle', 'metaDescription', 'intro', 'body', 'publishDate'])
      if (!f[k]) err(`article ${id}: ${k} missing`);
    if (!('titleTemplate' in f)) err(`article ${id}: titleTemplate must be present (null allowed)`);
    expectLink(f.category, `article ${id}.category`, 'category');
    const categoryId = String(sysOf(f.category).id);
    const count = articlesPerCategory.get(categoryId);
    if (count !== undefined) articlesPerCategory.set(categoryId, count + 1);
    const publishDate = str(f.publishDate) ?? '';
    if (!ISO.test(publishDate)) err(`article ${id}: publishDate must be ISO`);
    else if (publishDate < ARTICLE_DATE_MIN || publishDate > ARTICLE_DATE_MAX)
      err(`article ${id}: publishDate out of range`);
    const slug = str(f.slug);
    if (!slug || !KEBAB.test(slug)) err(`article ${id}: slug must be kebab-case`);
    if (rec(rec(f.featuredImage).file).url !== `/images/articles/${slug}.svg`)
      warn(`article ${id}: unexpected featuredImage url`);
    const body = str(f.body) ?? '';
    const wc = wordCount(body);
    if (wc < 250 || wc > 500) warn(`article ${id}: body has ${wc} words (expected 250-500)`);
    if (!/^## /m.test(body)) err(`article ${id}: body needs ## subheadings`);
    if (!/^(\s*[-*] |\s*\d+\. )/m.test(body)) err(`article ${id}: body needs a list`);
    if (!/\]\(\/[^)]*\)/.test(body)) err(`article ${id}: body needs a relative link`);
    if ((str(f.metaDescription) ?? '').length > 170) warn(`article ${id}: metaDescription longer than 170 characters`);
    list(f.relatedProducts).forEach((l, i) => expectLink(l, `article ${id}.relatedProducts[${i}]`, 'product'));
    // Embedded blocks (app/modules/content/domain/article-blocks.ts): known kinds, products that exist, exam checks that exist.
    for (const [line, kind, ref] of body.matchAll(BLOCK_LINE)) {
      const block = toEmbeddedBlock(kind!, ref);
      if (!block) err(`article ${id}: unknown embedded block ${line.trim()}`);
      else if (!isProductBlock(block)) continue;
      else if (!productSkus.has(block.sku)) err(`article ${id}: block ${line.trim()} names no product`);
      else if (block.kind === 'add-to-cart' && quoteSkus.has(block.sku))
        err(`article ${id}: block ${line.trim()}: the product is sold on a quote and goes in no cart`);
      else if (block.kind === 'exam-check' && options.hasExamChecks && !examCheckSkus.has(block.sku))
        err(`article ${id}: block ${line.trim()}: the product's subject has no exam checks in content/study`);
    }
  }
  const empty = [...articlesPerCategory].filter(([, n]) => n === 0).map(([id]) => id);
  if (empty.length !== 1)
    warn(`categories without articles: ${empty.join(', ') || 'none'} (the seed keeps exactly one on purpose)`);

  // pages
  for (const p of pages) {
    const f = fieldsOf(p);
    const id = idOf(p);
    if (!f.title || !f.slug || !f.metaDescription || !f.body)
      err(`page ${id}: title, slug, metaDescription and body required`);
    if (str(f.slug)?.startsWith('/')) err(`page ${id}: slug must not start with "/"`);
    const wc = wordCount(str(f.body) ?? '');
    if (wc < 200 || wc > 500) warn(`page ${id}: body has ${wc} words (expected 200-500)`);
  }

  // levels (the app's list, app/platform/levels.ts) and subjects
  for (const l of levels) {
    const f = fieldsOf(l);
    const id = idOf(l);
    if (!isInteger(f.order)) err(`level ${id}: order must be an integer`);
    if (typeof f.slug === 'string' && !LEVEL_SET.has(f.slug))
      err(`level ${id}: unknown level "${f.slug}" (the app knows ${LEVEL_ORDER.join(', ')})`);
  }
  const byOrder = levels
    .map((l) => ({ slug: slugOf(l), order: fieldsOf(l).order }))
    .filter((l): l is { slug: string; order: number } => typeof l.order === 'number' && LEVEL_SET.has(l.slug ?? ''))
    .sort((a, b) => a.order - b.order)
    .map((l) => l.slug);
  const expectedOrder = LEVEL_ORDER.filter((l) => byOrder.includes(l));
  if (byOrder.join() !== expectedOrder.join())
    err(`levels.json: order ${byOrder.join(', ')} differs from the app's ${expectedOrder.join(', ')}`);
  for (const s of subjects) {
    const id = idOf(s);
    const subjectLevelList = list(fieldsOf(s).levels);
    if (!subjectLevelList.length) err(`schoolSubject ${id}: levels required`);
    for (const l of subjectLevelList)
      if (!levelSlugs.has(str(l))) err(`schoolSubject ${id}: unknown level "${show(l)}"`);
  }

  // 5. products
  const products = data['products.json'].map(rec);
  const skus = new Set<unknown>();
  const eans = new Set<unknown>();
  const productSlugs = new Set<unknown>();
  products.forEach((p, i) => {
    const where = `products.json[${i}] ${str(p.sku) ?? ''}`.trim();
    for (const k of ['sku', 'name', 'slug', 'productType', 'level', 'subject', 'brand', 'eanCode', 'description'])
      if (typeof p[k] !== 'string' || !p[k]) err(`${where}: ${k} missing`);
    if (skus.has(p.sku)) err(`${where}: duplicate sku`);
    skus.add(p.sku);
    // Every product has its own cover (content/covers.ts writes them: npm run content:covers).
    if (typeof p.sku === 'string' && p.sku && !options.imageExists(coverImagePath(p.sku)))
      err(`${where}: cover "${coverImagePath(p.sku)}" not found under public/ (run npm run content:covers)`);
    if (productSlugs.has(p.slug)) err(`${where}: duplicate slug`);
    productSlugs.add(p.slug);
    if (!isValidEan13(p.eanCode)) err(`${where}: invalid EAN-13 "${show(p.eanCode)}"`);
    if (eans.has(p.eanCode)) err(`${where}: duplicate EAN`);
    eans.add(p.eanCode);
    if (isQuoteProduct(str(p.productType) ?? '')) {
      // A class licence (issue 31) is sold to schools on a quote: no price, no stock, never in a cart, and it
      // opens a subject that has content in the study area.
      if (p.priceCents !== 0) err(`${where}: a ${show(p.productType)} is priced on a quote: priceCents must be 0`);
      if (p.isOrderable !== 'N' || p.totalQuantity !== 0)
        err(`${where}: a ${show(p.productType)} is never ordered in the shop: isOrderable "N", totalQuantity 0`);
      if (p.hasPreview !== false || p.featured !== false || p.pages !== undefined)
        err(`${where}: a ${show(p.productType)} has no preview copy, pages or featured place`);
      if (options.hasExamChecks && !options.hasExamChecks(str(p.level) ?? '', str(p.subject) ?? ''))
        err(`${where}: a ${show(p.productType)} opens a subject, but this one has no study content in content/study`);
    } else {
      if (!isInteger(p.priceCents) || p.priceCents <= 0) err(`${where}: priceCents must be a positive integer`);
      if (!isInteger(p.pages) || p.pages <= 0) err(`${where}: pages must be a positive integer`);
    }
    if (!isInteger(p.totalQuantity) || p.totalQuantity < 0) err(`${where}: totalQuantity must be an integer >= 0`);
    if (p.isOrderable !== 'Y' && p.isOrderable !== 'N') err(`${where}: isOrderable must be "Y" or "N"`);
    if (typeof p.hasPreview !== 'boolean' || typeof p.featured !== 'boolean')
      err(`${where}: hasPreview/featured must be booleans`);
    if (!PRODUCT_TYPE_SET.has(str(p.productType) ?? ''))
      err(`${where}: unknown productType "${show(p.productType)}" (one of ${ALL_PRODUCT_TYPES.join(', ')})`);
    const level = str(p.level);
    if (!levelSlugs.has(level)) err(`${where}: unknown level "${show(p.level)}"`);
    const offered = subjectLevels.get(str(p.subject));
    if (!offered) err(`${where}: unknown subject "${show(p.subject)}"`);
    else if (!offered.includes(level)) err(`${where}: subject "${show(p.subject)}" is not offered at level "${level}"`);
    const highlights = list(p.highlights);
    if (!Array.isArray(p.highlights) || highlights.length < 3 || highlights.length > 5)
      err(`${where}: 3-5 highlights required`);
  });

  // 6. the preview copies' sample text (inkijkexemplaar): its format, a known subject per entry, and text for
  // the subject of every product with a preview
  const previews = parseProductPreviews(data['product-previews.json']);
  if (!previews.success) previews.errors.forEach(err);
  else {
    const previewSubjects = new Set(previews.data.map((sample) => sample.subject));
    previews.data.forEach((sample, i) => {
      if (!subjectLevels.has(sample.subject))
        err(`product-previews.json[${i}] ${sample.subject}: unknown subject (not in school-subjects.json)`);
    });
    products.forEach((p, i) => {
      const subject = str(p.subject);
      if (p.hasPreview === true && subject && subjectLevels.has(subject) && !previewSubjects.has(subject))
        err(
          `products.json[${i}] ${str(p.sku) ?? ''}: hasPreview is true, but product-previews.json has no sample text ` +
            `for subject "${subject}"`,
        );
    });
  }

  // 6b. the CvTE exam timetable (issue 20): its format and sources, and a known subject at a level it is offered at
  const timetable = parseTimetableFile(data['exam-timetable.json']);
  if (!timetable.success) timetable.errors.forEach(err);
  else {
    timetable.data.forEach((year, i) => {
      year.exams.forEach((exam, j) => {
        const offered = subjectLevels.get(exam.subject);
        const where = `exam-timetable.json[${i}].exams[${j}] ${exam.subject}`;
        if (!offered) err(`${where}: unknown subject (not in school-subjects.json)`);
        else if (!offered.includes(exam.level)) err(`${where}: not offered at level "${exam.level}"`);
      });
    });
  }

  // 7. bundles
  const bundleSlugs = new Set<unknown>();
  data['bundles.json'].map(rec).forEach((b, i) => {
    const slug = str(b.slug);
    const where = `bundles.json[${i}] ${slug ?? ''}`.trim();
    if (!slug || !KEBAB.test(slug)) err(`${where}: slug must be kebab-case`);
    if (bundleSlugs.has(b.slug)) err(`${where}: duplicate slug`);
    bundleSlugs.add(b.slug);
    if (!b.name || !b.description) err(`${where}: name and description required`);
    if (!levelSlugs.has(str(b.level))) err(`${where}: unknown level "${show(b.level)}"`);
    const bundleSkus = list(b.productSkus);
    if (!Array.isArray(b.productSkus) || bundleSkus.length < 2) err(`${where}: productSkus needs at least 2 skus`);
    for (const sku of bundleSkus) {
      const p = products.find((x) => x.sku === sku);
      if (!p) err(`${where}: unknown sku "${show(sku)}"`);
      else if (isQuoteProduct(str(p.productType) ?? ''))
        err(`${where}: sku "${show(sku)}" is sold on a quote and cannot be in a bundle`);
      else if (p.level !== b.level)
        err(`${where}: sku "${show(sku)}" has level ${show(p.level)}, bundle is ${show(b.level)}`);
    }
  });

  // 8. images and internal links, in every file
  const categoriesWithArticles = new Set(
    categories.filter((c) => (articlesPerCategory.get(idOf(c)) ?? 0) > 0).map(slugOf),
  );
  const knownPath = (href: string): boolean => {
    const path = (href.split(/[?#]/)[0] ?? '').replace(/\/$/, '') || '/';
    if (STATIC_ROUTES.has(path) || pageSlugs.has(path.slice(1))) return true;
    const article = /^\/artikel\/([^/]+)$/.exec(path);
    if (article) return articleSlugs.has(article[1]);
    if (path.startsWith(`${CATEGORY_PATH}/`)) {
      const slug = path.slice(CATEGORY_PATH.length + 1);
      return !slug.includes('/') && categoriesWithArticles.has(slug);
    }
    return /^\/producten\/.+/.test(path);
  };
  for (const file of CONTENT_FILES) {
    walk(data[file], (v, path) => {
      if (typeof v !== 'string') return;
      const where = `${file} ${path}`;
      for (const re of FORBIDDEN) if (re.test(v)) err(`${where}: forbidden text ${String(re)}`);
      // Pages and articles must not contradict the shop (payment methods, delivery, shipping, discounts).
      if (file === 'pages.json' || file === 'articles.json') {
        for (const contradiction of shopFactContradictions(v)) err(`${where}: contradicts the shop: ${contradiction}`);
      }
      if (/^\/images\//.test(v)) {
        if (!options.imageExists(v)) err(`${where}: image "${v}" not found under public/`);
      } else if (/\.(svg|png|jpe?g|webp|gif)$/i.test(v))
        err(`${where}: image "${v}" must be a site-relative /images/ path`);
      if (/(^|\.)link$/.test(path) && v.startsWith('/') && !knownPath(v))
        err(`${where}: link "${v}" does not match a route or page`);
      for (const m of v.matchAll(/\]\((\/[^)\s]*)\)/g)) {
        const href = m[1] ?? '';
        if (!knownPath(href)) err(`${where}: markdown link "${href}" does not match a route or page`);
      }
    });
  }

  const stats = {
    navigation: data['navigation.json'].length,
    navigationItems: data['navigation-items.json'].length,
    categories: categories.length,
    articles: articles.length,
    pages: pages.length,
    levels: levels.length,
    schoolSubjects: subjects.length,
    products: products.length,
    bundles: data['bundles.json'].length,
    previewSubjects: data['product-previews.json'].length,
    featuredProducts: products.filter((p) => p.featured === true).length,
    notOrderable: products.filter((p) => p.isOrderable === 'N').length,
    outOfStock: products.filter((p) => p.totalQuantity === 0).length,
  };
  return { ok: errors.length === 0, errors, warnings, stats };
}

/** The folder of this script: the default content folder. */
export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Images are files under `publicDir`; urls that leave it (`/images/../..`) never count. */
export function publicImageExists(publicDir: string): (url: string) => boolean {
  const root = resolve(publicDir);
  return (url) => {
    const p = join(root, url);
    return p.startsWith(root + sep) && existsSync(p) && statSync(p).isFile();
  };
}

/** Reads every content file of `dir`; a missing, unparsable or non-array file is an error. */
export function loadContent(dir: string): { data?: ContentData; errors: string[] } {
  const errors: string[] = [];
  const data: Partial<Record<ContentFile, unknown[]>> = {};
  for (const file of CONTENT_FILES) {
    const p = join(dir, file);
    if (!existsSync(p)) {
      errors.push(`${file}: missing`);
      continue;
    }
    try {
      const parsed: unknown = JSON.parse(readFileSync(p, 'utf8'));
      if (!Array.isArray(parsed)) errors.push(`${file}: top level must be an array`);
      else data[file] = parsed;
    } catch (e) {
      errors.push(`${file}: invalid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  return errors.length ? { errors } : { data: data as ContentData, errors };
}

/** Validates all seed files in `dir`. Images are looked up in `<dir>/../public`. */
export function validateContent(dir: string = DEFAULT_CONTENT_DIR): ValidationResult {
  const root = resolve(dir);
  const { data, errors } = loadContent(root);
  if (!data) return { ok: false, errors, warnings: [], stats: {} };
  return checkContent(data, {
    imageExists: publicImageExists(resolve(root, '..', 'public')),
    hasExamChecks: studySubjectsWithChecks(join(root, 'study')),
  });
}

// CLI
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const result = validateContent(dir);
  const { warnings, stats } = result;
  // The study area's content (content/study/*.json) against its own format.
  const studyErrors = validateStudyContent(undefined, join(dir ?? DEFAULT_CONTENT_DIR, 'study'));
  const errors = [...result.errors, ...studyErrors];
  const ok = result.ok && studyErrors.length === 0;
  stats['studySubjects'] = studyFileNames(join(dir ?? DEFAULT_CONTENT_DIR, 'study')).length;
  for (const w of warnings) console.warn(`warning: ${w}`);
  for (const e of errors) console.error(`error: ${e}`);
  console.log(
    Object.entries(stats)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  );
  console.log(ok ? 'content OK' : `content INVALID (${errors.length} errors)`);
  process.exitCode = ok ? 0 : 1;
}
