#!/usr/bin/env node
// Validates the seed content in this folder. Node built-ins only.
//
//   node content/validate.mjs [contentDir]
//
// Programmatic use:
//   import { validateContent } from './content/validate.mjs';
//   const { ok, errors, warnings, stats } = validateContent('content');

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Content-service files and the content type every entry in them must have. */
const ENTRY_FILES = {
  'navigation.json': 'navigation',
  'navigation-items.json': 'navigationItem',
  'config.json': 'config',
  'footer-logos.json': 'footerLogos',
  'categories.json': 'category',
  'articles.json': 'article',
  'levels.json': 'level',
  'school-subjects.json': 'schoolSubject',
  'pages.json': 'page',
};
const PLAIN_FILES = ['products.json', 'bundles.json'];

const NAV_POSITIONS = new Set(['Main', 'Account Footer', 'Footer 1', 'Footer 2', 'Footer 3']);
const SOCIAL_ICONS = new Set(['instagram', 'tiktok', 'youtube', 'facebook', 'linkedin']);
const THEMES = new Set(['havo', 'vmbo', 'vwo']);
const PRODUCT_TYPES = new Set(['examenbundel', 'samenvatting', 'examenidioom']);
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const FORBIDDEN = [/lorem\s+ipsum/i, /\bbinnenkort\b/i, /coming\s+soon/i, /\bTODO\b/, /\bplaceholder\b/i, /\bFIXME\b/];
const ARTICLE_DATE_MIN = '2025-09-01T00:00:00.000Z';
const ARTICLE_DATE_MAX = '2026-11-15T23:59:59.999Z';

/** Public routes of the site (spec section 2) that do not come from content entries. */
const STATIC_ROUTES = new Set([
  '/',
  '/afrekenen',
  '/afrekenen/betalen',
  '/afrekenen/bevestiging',
  '/winkelwagen',
  '/artikel',
  '/contact',
  '/examentips',
  '/examentips/categorie',
  '/over-slaagbundel',
  '/privacy',
  '/producten',
  '/producten/voordeelpakketten',
  '/quickscan',
  '/zoeken',
  '/mijnslaagbundel',
  '/mijnslaagbundel/login',
  '/mijnslaagbundel/account',
  '/mijnslaagbundel/account/mijn-vakken-boeken',
  '/mijnslaagbundel/account/subjects-and-books',
  '/mijnslaagbundel/account/profile',
  '/mijnslaagbundel/onboarding',
]);

/** EAN-13: weights 1,3,1,3… over the first 12 digits; check digit makes the sum a multiple of 10. */
export function isValidEan13(code) {
  if (typeof code !== 'string' || !/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

const wordCount = (md) =>
  md
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*[\]()-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

/** Calls fn(value, path) for every value inside obj. */
function walk(obj, fn, path = '') {
  fn(obj, path);
  if (Array.isArray(obj)) obj.forEach((v, i) => walk(v, fn, `${path}[${i}]`));
  else if (obj && typeof obj === 'object') for (const [k, v] of Object.entries(obj)) walk(v, fn, path ? `${path}.${k}` : k);
}

const isLink = (v) => v && typeof v === 'object' && v.sys && v.sys.type === 'Link';

/**
 * Validates all seed files in `dir`. Images are looked up in `<dir>/../public`.
 * @param {string} [dir] content folder (default: the folder of this script)
 * @returns {{ ok: boolean, errors: string[], warnings: string[], stats: Record<string, number> }}
 */
export function validateContent(dir = dirname(fileURLToPath(import.meta.url))) {
  const root = resolve(dir);
  const publicDir = resolve(root, '..', 'public');
  const errors = [];
  const warnings = [];
  const err = (m) => errors.push(m);
  const warn = (m) => warnings.push(m);
  const data = {};

  // 1. every file exists, parses and is an array
  for (const file of [...Object.keys(ENTRY_FILES), ...PLAIN_FILES]) {
    const p = join(root, file);
    if (!existsSync(p)) {
      err(`${file}: missing`);
      continue;
    }
    try {
      const parsed = JSON.parse(readFileSync(p, 'utf8'));
      if (!Array.isArray(parsed)) err(`${file}: top level must be an array`);
      else data[file] = parsed;
    } catch (e) {
      err(`${file}: invalid JSON (${e.message})`);
    }
  }
  if (errors.length) return { ok: false, errors, warnings, stats: {} };

  // 2. entry shape + unique ids
  const byId = new Map(); // id -> { contentType, file, entry }
  for (const [file, type] of Object.entries(ENTRY_FILES)) {
    data[file].forEach((e, i) => {
      const where = `${file}[${i}]`;
      const sys = e?.sys;
      if (!sys || typeof sys.id !== 'string') return err(`${where}: sys.id missing`);
      if (!KEBAB.test(sys.id)) err(`${where}: id "${sys.id}" is not kebab-case`);
      if (sys.contentType !== type) err(`${where}: contentType "${sys.contentType}" should be "${type}"`);
      if (!ISO.test(sys.createdAt ?? '') || !ISO.test(sys.updatedAt ?? '')) err(`${where}: createdAt/updatedAt must be ISO timestamps`);
      else if (sys.updatedAt < sys.createdAt) err(`${where}: updatedAt before createdAt`);
      if (!e.fields || typeof e.fields !== 'object') err(`${where}: fields missing`);
      if (byId.has(sys.id)) err(`${where}: duplicate id "${sys.id}" (also in ${byId.get(sys.id).file})`);
      byId.set(sys.id, { contentType: type, file, entry: e });
    });
  }
  // footer logo asset ids share the id space
  for (const fl of data['footer-logos.json']) {
    (fl.fields?.logos ?? []).forEach((logo, i) => {
      const id = logo?.sys?.id;
      if (typeof id !== 'string') return err(`footer-logos.json logo[${i}]: sys.id missing`);
      if (byId.has(id)) err(`footer-logos.json: duplicate id "${id}"`);
      byId.set(id, { contentType: 'asset', file: 'footer-logos.json', entry: logo });
      if (!logo.title) err(`footer-logos.json logo "${id}": title missing`);
      if (typeof logo.file?.url !== 'string') err(`footer-logos.json logo "${id}": file.url missing`);
    });
  }

  // 3. every link resolves (and to the expected content type where known)
  const expectLink = (v, where, type) => {
    if (!isLink(v)) return err(`${where}: expected a Link`);
    const target = byId.get(v.sys.id);
    if (!target) err(`${where}: link to unknown id "${v.sys.id}"`);
    else if (type && target.contentType !== type) err(`${where}: link "${v.sys.id}" is a ${target.contentType}, expected ${type}`);
  };
  for (const file of Object.keys(ENTRY_FILES)) {
    data[file].forEach((e, i) =>
      walk(e.fields, (v, path) => {
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
  const levelSlugs = new Set(levels.map((l) => l.fields.slug));
  const subjectBySlug = new Map(subjects.map((s) => [s.fields.slug, s.fields]));
  const articleSlugs = new Set(articles.map((a) => a.fields.slug));
  const pageSlugs = new Set(pages.map((p) => p.fields.slug));

  const uniqueField = (list, file, field) => {
    const seen = new Set();
    list.forEach((e, i) => {
      const v = (e.fields ?? e)[field];
      if (v === undefined || v === null || v === '') err(`${file}[${i}]: ${field} missing`);
      else if (seen.has(v)) err(`${file}[${i}]: duplicate ${field} "${v}"`);
      seen.add(v);
    });
  };
  uniqueField(categories, 'categories.json', 'slug');
  uniqueField(articles, 'articles.json', 'slug');
  uniqueField(pages, 'pages.json', 'slug');
  uniqueField(levels, 'levels.json', 'slug');
  uniqueField(subjects, 'school-subjects.json', 'slug');

  // navigation
  data['navigation.json'].forEach((n) => {
    const f = n.fields;
    if (!NAV_POSITIONS.has(f.position)) err(`navigation ${n.sys.id}: invalid position "${f.position}"`);
    if (!Array.isArray(f.navigationItems) || !f.navigationItems.length) err(`navigation ${n.sys.id}: navigationItems empty`);
    (f.navigationItems ?? []).forEach((l, i) => expectLink(l, `navigation ${n.sys.id}.navigationItems[${i}]`, 'navigationItem'));
  });
  const positions = data['navigation.json'].map((n) => n.fields.position);
  for (const p of NAV_POSITIONS) if (!positions.includes(p)) err(`navigation: no entry with position "${p}"`);
  data['navigation-items.json'].forEach((n) => {
    const f = n.fields;
    if (!f.title) err(`navigationItem ${n.sys.id}: title missing`);
    if (typeof f.link !== 'string' || !(f.link.startsWith('/') || f.link.startsWith('https://')))
      err(`navigationItem ${n.sys.id}: link must be site-relative or https`);
    if (f.childItems !== undefined) {
      if (!Array.isArray(f.childItems)) err(`navigationItem ${n.sys.id}: childItems must be an array`);
      else f.childItems.forEach((l, i) => expectLink(l, `navigationItem ${n.sys.id}.childItems[${i}]`, 'navigationItem'));
    }
  });

  // config
  if (data['config.json'].length !== 1) err('config.json: expected exactly one entry');
  for (const c of data['config.json']) {
    const f = c.fields;
    (f.socialLinks ?? []).forEach((s, i) => {
      if (!SOCIAL_ICONS.has(s.icon)) err(`config socialLinks[${i}]: unknown icon "${s.icon}"`);
      if (!/^https:\/\//.test(s.url ?? '')) err(`config socialLinks[${i}]: url must be https`);
    });
    if (!Array.isArray(f.productsArchiveCTAs) || f.productsArchiveCTAs.length !== 2) err('config: expected 2 productsArchiveCTAs');
    (f.productsArchiveCTAs ?? []).forEach((cta, i) => {
      for (const k of ['title', 'text', 'buttonLabel', 'link']) if (!cta[k]) err(`config productsArchiveCTAs[${i}]: ${k} missing`);
      if (!THEMES.has(cta.theme)) err(`config productsArchiveCTAs[${i}]: invalid theme "${cta.theme}"`);
    });
    if (!f.saleBanner?.text || !f.saleBanner?.link) err('config: saleBanner.text and saleBanner.link required');
    const camp = f.campaign;
    if (!camp?.id || !camp.title || !Array.isArray(camp.body) || !camp.body.length || !camp.buttonLabel || !camp.link || !camp.image)
      err('config: campaign incomplete');
  }
  if (data['footer-logos.json'].length !== 1) err('footer-logos.json: expected exactly one entry');

  // categories and articles
  const articlesPerCategory = new Map(categories.map((c) => [c.sys.id, 0]));
  articles.forEach((a) => {
    const f = a.fields;
    const id = a.sys.id;
    for (const k of ['title', 'slug', 'metaTitle', 'metaDescription', 'intro', 'body', 'publishDate'])
      if (!f[k]) err(`article ${id}: ${k} missing`);
    if (!('titleTemplate' in f)) err(`article ${id}: titleTemplate must be present (null allowed)`);
    expectLink(f.category, `article ${id}.category`, 'category');
    if (articlesPerCategory.has(f.category?.sys?.id)) articlesPerCategory.set(f.category.sys.id, articlesPerCategory.get(f.category.sys.id) + 1);
    if (!ISO.test(f.publishDate ?? '')) err(`article ${id}: publishDate must be ISO`);
    else if (f.publishDate < ARTICLE_DATE_MIN || f.publishDate > ARTICLE_DATE_MAX) err(`article ${id}: publishDate out of range`);
    if (!f.slug || !KEBAB.test(f.slug)) err(`article ${id}: slug must be kebab-case`);
    if (f.featuredImage?.file?.url !== `/images/articles/${f.slug}.svg`) warn(`article ${id}: unexpected featuredImage url`);
    const wc = wordCount(f.body ?? '');
    if (wc < 250 || wc > 500) warn(`article ${id}: body has ${wc} words (expected 250-500)`);
    if (!/^## /m.test(f.body ?? '')) err(`article ${id}: body needs ## subheadings`);
    if (!/^(\s*[-*] |\s*\d+\. )/m.test(f.body ?? '')) err(`article ${id}: body needs a list`);
    if (!/\]\(\/[^)]*\)/.test(f.body ?? '')) err(`article ${id}: body needs a relative link`);
    if ((f.metaDescription ?? '').length > 170) warn(`article ${id}: metaDescription longer than 170 characters`);
  });
  const empty = [...articlesPerCategory].filter(([, n]) => n === 0).map(([id]) => id);
  if (empty.length !== 1) warn(`categories without articles: ${empty.join(', ') || 'none'} (the seed keeps exactly one on purpose)`);

  // pages
  pages.forEach((p) => {
    const f = p.fields;
    if (!f.title || !f.slug || !f.metaDescription || !f.body) err(`page ${p.sys.id}: title, slug, metaDescription and body required`);
    if (f.slug?.startsWith('/')) err(`page ${p.sys.id}: slug must not start with "/"`);
    const wc = wordCount(f.body ?? '');
    if (wc < 200 || wc > 500) warn(`page ${p.sys.id}: body has ${wc} words (expected 200-500)`);
  });

  // levels and subjects
  levels.forEach((l) => {
    if (!Number.isInteger(l.fields.order)) err(`level ${l.sys.id}: order must be an integer`);
  });
  subjects.forEach((s) => {
    if (!Array.isArray(s.fields.levels) || !s.fields.levels.length) err(`schoolSubject ${s.sys.id}: levels required`);
    for (const l of s.fields.levels ?? []) if (!levelSlugs.has(l)) err(`schoolSubject ${s.sys.id}: unknown level "${l}"`);
  });

  // 5. products
  const products = data['products.json'];
  const skus = new Set();
  const eans = new Set();
  const productSlugs = new Set();
  products.forEach((p, i) => {
    const where = `products.json[${i}] ${p.sku ?? ''}`.trim();
    for (const k of ['sku', 'name', 'slug', 'productType', 'level', 'subject', 'brand', 'eanCode', 'description'])
      if (typeof p[k] !== 'string' || !p[k]) err(`${where}: ${k} missing`);
    if (skus.has(p.sku)) err(`${where}: duplicate sku`);
    skus.add(p.sku);
    if (productSlugs.has(p.slug)) err(`${where}: duplicate slug`);
    productSlugs.add(p.slug);
    if (!isValidEan13(p.eanCode)) err(`${where}: invalid EAN-13 "${p.eanCode}"`);
    if (eans.has(p.eanCode)) err(`${where}: duplicate EAN`);
    eans.add(p.eanCode);
    if (!Number.isInteger(p.priceCents) || p.priceCents <= 0) err(`${where}: priceCents must be a positive integer`);
    if (!Number.isInteger(p.totalQuantity) || p.totalQuantity < 0) err(`${where}: totalQuantity must be an integer >= 0`);
    if (!Number.isInteger(p.pages) || p.pages <= 0) err(`${where}: pages must be a positive integer`);
    if (p.isOrderable !== 'Y' && p.isOrderable !== 'N') err(`${where}: isOrderable must be "Y" or "N"`);
    if (typeof p.hasPreview !== 'boolean' || typeof p.featured !== 'boolean') err(`${where}: hasPreview/featured must be booleans`);
    if (!PRODUCT_TYPES.has(p.productType)) err(`${where}: unknown productType "${p.productType}"`);
    if (!levelSlugs.has(p.level)) err(`${where}: unknown level "${p.level}"`);
    const subj = subjectBy(p.subject);
    if (!subj) err(`${where}: unknown subject "${p.subject}"`);
    else if (!subj.levels.includes(p.level)) err(`${where}: subject "${p.subject}" is not offered at level "${p.level}"`);
    if (!Array.isArray(p.highlights) || p.highlights.length < 3 || p.highlights.length > 5) err(`${where}: 3-5 highlights required`);
  });
  function subjectBy(slug) {
    return subjectBySlug.get(slug);
  }

  // 6. bundles
  const bundleSlugs = new Set();
  data['bundles.json'].forEach((b, i) => {
    const where = `bundles.json[${i}] ${b.slug ?? ''}`.trim();
    if (!b.slug || !KEBAB.test(b.slug)) err(`${where}: slug must be kebab-case`);
    if (bundleSlugs.has(b.slug)) err(`${where}: duplicate slug`);
    bundleSlugs.add(b.slug);
    if (!b.name || !b.description) err(`${where}: name and description required`);
    if (!levelSlugs.has(b.level)) err(`${where}: unknown level "${b.level}"`);
    if (!Array.isArray(b.productSkus) || b.productSkus.length < 2) err(`${where}: productSkus needs at least 2 skus`);
    for (const sku of b.productSkus ?? []) {
      const p = products.find((x) => x.sku === sku);
      if (!p) err(`${where}: unknown sku "${sku}"`);
      else if (p.level !== b.level) err(`${where}: sku "${sku}" has level ${p.level}, bundle is ${b.level}`);
    }
  });

  // 7. images and internal links, in every file
  const checkImage = (url, where) => {
    const p = join(publicDir, url);
    if (!p.startsWith(publicDir) || !existsSync(p) || !statSync(p).isFile()) err(`${where}: image "${url}" not found under public/`);
  };
  const categoriesWithArticles = new Set(
    categories.filter((c) => articlesPerCategory.get(c.sys.id) > 0).map((c) => c.fields.slug),
  );
  const knownPath = (href) => {
    const path = href.split(/[?#]/)[0].replace(/\/$/, '') || '/';
    if (STATIC_ROUTES.has(path) || pageSlugs.has(path.slice(1))) return true;
    let m;
    if ((m = path.match(/^\/artikel\/([^/]+)$/))) return articleSlugs.has(m[1]);
    if ((m = path.match(/^\/examentips\/categorie\/([^/]+)$/))) return categoriesWithArticles.has(m[1]);
    if ((m = path.match(/^\/producten\/voordeelpakketten\/.+/))) return true;
    if ((m = path.match(/^\/producten\/.+/))) return true;
    return false;
  };
  for (const file of [...Object.keys(ENTRY_FILES), ...PLAIN_FILES]) {
    walk(data[file], (v, path) => {
      if (typeof v !== 'string') return;
      const where = `${file} ${path}`;
      for (const re of FORBIDDEN) if (re.test(v)) err(`${where}: forbidden text ${re}`);
      if (/^\/images\//.test(v)) checkImage(v, where);
      else if (/\.(svg|png|jpe?g|webp|gif)$/i.test(v)) err(`${where}: image "${v}" must be a site-relative /images/ path`);
      if (/(^|\.)link$/.test(path) && v.startsWith('/') && !knownPath(v)) err(`${where}: link "${v}" does not match a route or page`);
      for (const m of v.matchAll(/\]\((\/[^)\s]*)\)/g)) if (!knownPath(m[1])) err(`${where}: markdown link "${m[1]}" does not match a route or page`);
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
    featuredProducts: products.filter((p) => p.featured).length,
    notOrderable: products.filter((p) => p.isOrderable === 'N').length,
    outOfStock: products.filter((p) => p.totalQuantity === 0).length,
  };
  return { ok: errors.length === 0, errors, warnings, stats };
}

// CLI
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const { ok, errors, warnings, stats } = validateContent(dir);
  for (const w of warnings) console.warn(`warning: ${w}`);
  for (const e of errors) console.error(`error: ${e}`);
  console.log(Object.entries(stats).map(([k, v]) => `${k}=${v}`).join(' '));
  console.log(ok ? 'content OK' : `content INVALID (${errors.length} errors)`);
  process.exitCode = ok ? 0 : 1;
}
