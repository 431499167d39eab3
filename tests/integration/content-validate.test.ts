import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ContentData,
  DEFAULT_CONTENT_DIR,
  checkContent,
  isValidEan13,
  loadContent,
  publicImageExists,
  validateContent,
} from '../../content/validate.ts';

const VALIDATOR = path.join(DEFAULT_CONTENT_DIR, 'validate.ts');
const PUBLIC_DIR = path.resolve(DEFAULT_CONTENT_DIR, '..', 'public');

const sys = (id: string, contentType: string) => ({
  id,
  contentType,
  createdAt: '2025-09-01T08:00:00.000Z',
  updatedAt: '2025-09-02T08:00:00.000Z',
});
const link = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });

const IMAGES = new Set([
  '/images/campaign/campaign.svg',
  '/images/logos/ideal.svg',
  '/images/articles/plannen.svg',
  '/images/covers/sb-havo-ne.svg',
  '/images/covers/sb-havo-en.svg',
]);
const imageExists = (url: string) => IMAGES.has(url);

const ARTICLE_BODY = [
  'Een goede planning begint bij je examenrooster.',
  '',
  '## Zo pak je het aan',
  '',
  '- maak de stof concreet;',
  '- plan in blokken;',
  '',
  'Lees ook de [uitleg over het herexamen](/exameninfo/herexamen).',
].join('\n');

/** The smallest content the validator accepts without errors. */
function validContent() {
  const navigation = ['Main', 'Account Footer', 'Footer 1', 'Footer 2', 'Footer 3'].map((position, i) => ({
    sys: sys(`navigation-${i}`, 'navigation'),
    fields: { title: position, position, navigationItems: [link('nav-producten')] },
  }));
  const product = (sku: string, eanCode: string) => ({
    sku,
    name: `Slaagbundel ${sku}`,
    slug: sku.toLowerCase(),
    productType: 'examenbundel',
    level: 'havo',
    subject: 'nederlands',
    brand: 'Slaagbundel',
    eanCode,
    priceCents: 2495,
    isOrderable: 'Y',
    totalQuantity: 10,
    hasPreview: true,
    description: 'Oefenexamens met uitleg.',
    highlights: ['Oefenexamens', 'Uitleg', 'Tips'],
    pages: 200,
    featured: false,
  });
  return {
    'navigation.json': navigation,
    'navigation-items.json': [
      { sys: sys('nav-producten', 'navigationItem'), fields: { title: 'Producten', link: '/producten' } },
    ],
    'config.json': [
      {
        sys: sys('config-main', 'config'),
        fields: {
          socialLinks: [{ icon: 'instagram', url: 'https://www.instagram.com/slaagbundel' }],
          productsArchiveCTAs: [
            { title: 'Voordeel', text: 'Meer vakken.', buttonLabel: 'Bekijk', link: '/producten', theme: 'havo' },
            { title: 'Cijfer', text: 'Reken uit.', buttonLabel: 'Bereken', link: '/exameninfo', theme: 'vmbo' },
          ],
          saleBanner: { text: 'Stapelkorting!', link: '/producten' },
          campaign: {
            id: 'examenstress',
            title: 'Examenstress?',
            body: ['Jij kunt dit.'],
            buttonLabel: 'Lees meer',
            link: '/examentips',
            image: '/images/campaign/campaign.svg',
          },
        },
      },
    ],
    'footer-logos.json': [
      {
        sys: sys('footer-logos-main', 'footerLogos'),
        fields: { logos: [{ sys: { id: 'logo-ideal' }, title: 'iDEAL', file: { url: '/images/logos/ideal.svg' } }] },
      },
    ],
    'categories.json': [
      { sys: sys('category-plannen', 'category'), fields: { title: 'Plannen', slug: 'plannen' } },
      { sys: sys('category-leeg', 'category'), fields: { title: 'Leeg', slug: 'leeg' } },
    ],
    'articles.json': [
      {
        sys: sys('article-plannen', 'article'),
        fields: {
          title: 'Plannen',
          slug: 'plannen',
          metaTitle: 'Plannen',
          metaDescription: 'Zo plan je.',
          titleTemplate: null,
          publishDate: '2025-09-08T08:00:00.000Z',
          category: link('category-plannen'),
          featuredImage: { file: { url: '/images/articles/plannen.svg' } },
          intro: 'Plannen is makkelijk.',
          body: ARTICLE_BODY,
        },
      },
    ],
    'levels.json': [
      { sys: sys('level-havo', 'level'), fields: { title: 'havo', slug: 'havo', order: 4 } },
      { sys: sys('level-vwo', 'level'), fields: { title: 'vwo', slug: 'vwo', order: 5 } },
    ],
    'school-subjects.json': [
      {
        sys: sys('subject-nederlands', 'schoolSubject'),
        fields: { title: 'Nederlands', slug: 'nederlands', levels: ['havo', 'vwo'] },
      },
    ],
    'pages.json': [
      {
        sys: sys('page-exameninfo', 'page'),
        fields: { title: 'Exameninfo', slug: 'exameninfo', metaDescription: 'Alles over je examens.', body: 'Tekst.' },
      },
      {
        sys: sys('page-herexamen', 'page'),
        fields: { title: 'Herexamen', slug: 'exameninfo/herexamen', metaDescription: 'Herexamen.', body: 'Tekst.' },
      },
    ],
    'products.json': [product('SB-HAVO-NE', '9789493101012'), product('SB-HAVO-EN', '9789493101029')],
    'bundles.json': [
      {
        slug: 'voordeelpakket-havo',
        name: 'Voordeelpakket havo',
        level: 'havo',
        productSkus: ['SB-HAVO-NE', 'SB-HAVO-EN'],
        description: 'Twee vakken in één pakket.',
      },
    ],
    'product-previews.json': [
      {
        subject: 'nederlands',
        chapters: ['Tekstverbanden en signaalwoorden', 'Argumentatie'],
        question: {
          context: 'Tekst 1, alinea 3: “Toch is een verbod geen wondermiddel.”',
          text: 'Welk verband?',
          points: 1,
        },
        answer: ['Zoek eerst het signaalwoord: ‘Toch’.', 'Het is een tegenstellend verband.'],
        tip: 'Omcirkel bij verbandvragen eerst het signaalwoord.',
        terms: [{ term: 'Kernzin', text: 'De zin met de kern van een alinea.' }],
      },
    ],
    'exam-timetable.json': [
      {
        examYear: 2025,
        reference: 'Regeling rooster centrale examens voortgezet onderwijs 2025 (CvTE-23.00859)',
        source: 'https://zoek.officielebekendmakingen.nl/stcrt-2023-18580.html',
        publishedOn: null,
        firstPeriod: { from: '2025-05-09', to: '2025-05-26' },
        secondPeriod: null,
        flexibleDigital: null,
        exams: [{ subject: 'nederlands', level: 'vwo', date: '2025-05-12', start: '09:00', end: '12:00' }],
      },
    ],
  };
}
type Content = ReturnType<typeof validContent>;

/** Errors of the minimal content after `change` edits a copy of it. */
function errorsAfter(change: (content: Content) => void): string[] {
  const content = structuredClone(validContent());
  change(content);
  return checkContent(content satisfies ContentData, { imageExists }).errors;
}

describe('the exam timetable (issue 20)', () => {
  it('names a subject the content does not have', () => {
    const errors = errorsAfter((c) => {
      c['exam-timetable.json'][0]!.exams = [
        { subject: 'klingon', level: 'havo', date: '2025-05-12', start: '09:00', end: '12:00' },
      ];
    });
    expect(errors).toEqual([expect.stringContaining('klingon: unknown subject')]);
  });

  it('names a day outside the first tijdvak', () => {
    const errors = errorsAfter((c) => {
      c['exam-timetable.json'][0]!.exams = [
        { subject: 'nederlands', level: 'vwo', date: '2025-06-30', start: '09:00', end: '12:00' },
      ];
    });
    expect(errors).toEqual(['exam-timetable.json[0][exams][0][date]: Deze datum ligt niet in het eerste tijdvak.']);
  });

  it('refuses a record without its source', () => {
    const errors = errorsAfter((c) => {
      (c['exam-timetable.json'][0] as { source?: string }).source = 'niet een adres';
    });
    expect(errors.some((e) => e.startsWith('exam-timetable.json[0][source]'))).toBe(true);
  });
});

describe('checkContent on small in-memory content', () => {
  it('accepts the minimal valid content', () => {
    const result = checkContent(validContent(), { imageExists });
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.stats).toMatchObject({ products: 2, bundles: 1, articles: 1, previewSubjects: 1 });
  });

  it('reports an internal link to a route or page that does not exist', () => {
    const errors = errorsAfter((c) => {
      c['articles.json'][0]!.fields.body = ARTICLE_BODY.replace('/exameninfo/herexamen', '/exameninfo/bestaat-niet');
      c['navigation-items.json'][0]!.fields.link = '/winkel';
    });
    expect(errors).toEqual([
      'navigation-items.json [0].fields.link: link "/winkel" does not match a route or page',
      'articles.json [0].fields.body: markdown link "/exameninfo/bestaat-niet" does not match a route or page',
    ]);
  });

  it('reports copy that contradicts the shop: one payment method, delivery in days', () => {
    const errors = errorsAfter((c) => {
      c['articles.json'][0]!.fields.body =
        `${ARTICLE_BODY}\n\nJe betaalt met iDEAL. Je pakket is een tot twee werkdagen later in huis.`;
    });
    expect(errors).toEqual([
      'articles.json [0].fields.body: contradicts the shop: names iDEAL as the way to pay, but the checkout offers iDEAL, Bancontact, Creditcard, PayPal: name all, or add "of een andere betaalmethode"',
      'articles.json [0].fields.body: contradicts the shop: says "een tot twee werkdagen" for delivery, but an order placed on a working day before the cut-off arrives the next day',
    ]);
  });

  it('reports an entry link to an unknown id or the wrong content type', () => {
    const errors = errorsAfter((c) => {
      c['navigation.json'][0]!.fields.navigationItems = [link('nav-bestaat-niet')];
      c['articles.json'][0]!.fields.category = link('level-havo');
    });
    expect(errors).toContain('navigation.json[0].navigationItems[0]: link to unknown id "nav-bestaat-niet"');
    expect(errors).toContain('article article-plannen.category: link "level-havo" is a level, expected category');
  });

  it('reports an EAN-13 with a wrong check digit', () => {
    const errors = errorsAfter((c) => {
      c['products.json'][0]!.eanCode = '9789493101013';
    });
    expect(errors).toEqual(['products.json[0] SB-HAVO-NE: invalid EAN-13 "9789493101013"']);
  });

  it('reports a product without its cover', () => {
    const errors = errorsAfter((c) => {
      c['products.json'][1]!.sku = 'SB-HAVO-DU';
      c['bundles.json'][0]!.productSkus = ['SB-HAVO-NE', 'SB-HAVO-DU'];
    });
    expect(errors).toEqual([
      'products.json[1] SB-HAVO-DU: cover "/images/covers/sb-havo-du.svg" not found under public/ (run npm run content:covers)',
    ]);
  });

  it('reports an image that is not a file under public/', () => {
    const errors = errorsAfter((c) => {
      c['config.json'][0]!.fields.campaign.image = '/images/campaign/weg.svg';
      c['footer-logos.json'][0]!.fields.logos[0]!.file.url = 'https://cdn.example.com/ideal.png';
    });
    expect(errors).toEqual([
      'config.json [0].fields.campaign.image: image "/images/campaign/weg.svg" not found under public/',
      'footer-logos.json [0].fields.logos[0].file.url: image "https://cdn.example.com/ideal.png" must be a site-relative /images/ path',
    ]);
  });

  it('reports a product type the shop does not know (app/modules/catalog/domain/products.ts)', () => {
    const errors = errorsAfter((c) => {
      c['products.json'][1]!.productType = 'werkboek';
    });
    expect(errors).toEqual([
      'products.json[1] SB-HAVO-EN: unknown productType "werkboek" (one of examenbundel, samenvatting, examenidioom, klaslicentie)',
    ]);
  });

  it('holds a class licence to a quote: no price, stock, pages or preview, in no bundle or cart block (issue 31)', () => {
    const errors = errorsAfter((c) => {
      c['products.json'][1]!.productType = 'klaslicentie';
      c['articles.json'][0]!.fields.body = `${ARTICLE_BODY}\n\n[[in-winkelwagen: SB-HAVO-EN]]`;
    });
    expect(errors.sort()).toEqual(
      [
        'article article-plannen: block [[in-winkelwagen: SB-HAVO-EN]]: the product is sold on a quote and goes in no cart',
        'products.json[1] SB-HAVO-EN: a klaslicentie is priced on a quote: priceCents must be 0',
        'products.json[1] SB-HAVO-EN: a klaslicentie is never ordered in the shop: isOrderable "N", totalQuantity 0',
        'products.json[1] SB-HAVO-EN: a klaslicentie has no preview copy, pages or featured place',
        'bundles.json[0] voordeelpakket-havo: sku "SB-HAVO-EN" is sold on a quote and cannot be in a bundle',
      ].sort(),
    );
    const licence = (c: Content) => {
      const { pages: _, ...rest } = c['products.json'][1]!;
      c['products.json'][1] = {
        ...rest,
        productType: 'klaslicentie',
        priceCents: 0,
        isOrderable: 'N',
        totalQuantity: 0,
        hasPreview: false,
      } as (typeof c)['products.json'][number];
      c['products.json'].push({
        ...c['products.json'][0]!,
        sku: 'SB-HAVO-NE-2',
        slug: 'sb-havo-ne-2',
        eanCode: '9789493101036',
      });
      c['bundles.json'][0]!.productSkus = ['SB-HAVO-NE', 'SB-HAVO-NE-2'];
    };
    const content = structuredClone(validContent());
    licence(content);
    const withCovers = (url: string) => imageExists(url) || url.startsWith('/images/covers/');
    expect(checkContent(content, { imageExists: withCovers, hasExamChecks: () => true }).errors).toEqual([]);
    expect(checkContent(content, { imageExists: withCovers, hasExamChecks: () => false }).errors).toEqual([
      'products.json[1] SB-HAVO-EN: a klaslicentie opens a subject, but this one has no study content in content/study',
    ]);
  });

  it('reports a level the app does not know (app/platform/levels.ts) and levels out of the app order', () => {
    expect(
      errorsAfter((c) => {
        c['levels.json'][0]!.fields.slug = 'mavo';
        c['school-subjects.json'][0]!.fields.levels = ['mavo', 'vwo'];
        c['products.json'].forEach((p) => (p.level = 'mavo'));
        c['bundles.json'][0]!.level = 'mavo';
      }),
    ).toEqual(['level level-havo: unknown level "mavo" (the app knows vmbo-b, vmbo-k, vmbo-gl-tl, havo, vwo)']);
    expect(
      errorsAfter((c) => {
        c['levels.json'][0]!.fields.order = 6;
      }),
    ).toEqual(["levels.json: order vwo, havo differs from the app's havo, vwo"]);
  });

  it('reports a CTA theme that is not a level theme and a wrong number of CTAs', () => {
    const errors = errorsAfter((c) => {
      c['config.json'][0]!.fields.productsArchiveCTAs[0]!.theme = 'mbo';
      c['config.json'][0]!.fields.productsArchiveCTAs.pop();
    });
    expect(errors).toEqual([
      'config: expected 2 productsArchiveCTAs',
      'config productsArchiveCTAs[0]: invalid theme "mbo" (one of vmbo, havo, vwo)',
    ]);
  });

  it('reports malformed entries without crashing', () => {
    const errors = errorsAfter((c) => {
      (c['pages.json'] as unknown[]).push(null, 'pagina');
      (c['products.json'] as unknown[]).push(42);
    });
    expect(errors).toContain('pages.json[2]: sys.id missing');
    expect(errors).toContain('pages.json[3]: sys.id missing');
    expect(errors).toContain('products.json[2]: invalid EAN-13 "undefined"');
  });

  it('checks the blocks embedded in an article: known kinds, existing products, exam checks that exist', () => {
    const withBlocks = (c: Content) => {
      c['products.json'][1]!.subject = 'engels';
      c['articles.json'][0]!.fields.body =
        `${ARTICLE_BODY}\n\n[[in-winkelwagen: SB-HAVO-NE]]\n\n[[examencheck: SB-HAVO-NE]]\n\n[[licentiecode]]\n\n` +
        '[[examencheck: SB-HAVO-EN]]\n\n[[in-winkelwagen: SB-BESTAAT-NIET]]\n\n[[licentiecode: X]]\n\n[[korting]]';
    };
    const content = structuredClone(validContent());
    withBlocks(content);
    // Only havo Nederlands has exam checks in the study area here.
    const hasExamChecks = (level: string, subject: string) => level === 'havo' && subject === 'nederlands';
    const errors = checkContent(content, { imageExists, hasExamChecks }).errors;
    // (The fixture's levels know no 'engels' subject: that error is not this test's.)
    expect(errors.filter((e) => e.startsWith('article '))).toEqual([
      "article article-plannen: block [[examencheck: SB-HAVO-EN]]: the product's subject has no exam checks in content/study",
      'article article-plannen: block [[in-winkelwagen: SB-BESTAAT-NIET]] names no product',
      'article article-plannen: unknown embedded block [[licentiecode: X]]',
      'article article-plannen: unknown embedded block [[korting]]',
    ]);
  });
});

describe('the preview copies’ sample text (product-previews.json)', () => {
  it('reports an entry that does not match the format, with the file, entry, subject and path', () => {
    const errors = errorsAfter((c) => {
      c['product-previews.json'][0]!.question = { context: 'Tekst 1.', text: 'Welk verband?', points: 0 };
      c['product-previews.json'][0]!.tip = '';
    });
    expect(errors).toEqual([
      'product-previews.json[0] nederlands: question.points: Too small: expected number to be >=1',
      'product-previews.json[0] nederlands: tip: Too small: expected string to have >=1 characters',
    ]);
  });

  it('reports a subject the school subjects do not know and products with a preview but no sample text', () => {
    const errors = errorsAfter((c) => {
      c['product-previews.json'][0]!.subject = 'latijn';
    });
    expect(errors).toEqual([
      'product-previews.json[0] latijn: unknown subject (not in school-subjects.json)',
      'products.json[0] SB-HAVO-NE: hasPreview is true, but product-previews.json has no sample text for subject "nederlands"',
      'products.json[1] SB-HAVO-EN: hasPreview is true, but product-previews.json has no sample text for subject "nederlands"',
    ]);
    // Without a preview, a product needs no sample text.
    expect(
      errorsAfter((c) => {
        c['product-previews.json'][0]!.subject = 'latijn';
        c['products.json'].forEach((p) => (p.hasPreview = false));
      }),
    ).toEqual(['product-previews.json[0] latijn: unknown subject (not in school-subjects.json)']);
  });

  it('checks the texts for forbidden words like every other file', () => {
    const errors = errorsAfter((c) => {
      c['product-previews.json'][0]!.tip = 'TODO: een tip schrijven.';
    });
    expect(errors).toEqual(['product-previews.json [0].tip: forbidden text /\\bTODO\\b/']);
  });
});

describe('isValidEan13', () => {
  it('accepts only 13 digits whose last digit is the check digit', () => {
    expect(isValidEan13('9789493101012')).toBe(true);
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('978949310101')).toBe(false);
    expect(isValidEan13('978949310101X')).toBe(false);
    expect(isValidEan13(9789493101012)).toBe(false);
  });
});

describe('publicImageExists', () => {
  it('finds files under public/ and nothing outside it', () => {
    const exists = publicImageExists(PUBLIC_DIR);
    expect(exists('/images/campaign/campaign.svg')).toBe(true);
    expect(exists('/images/campaign/weg.svg')).toBe(false);
    expect(exists('/images/campaign')).toBe(false);
    expect(exists('/images/../../package.json')).toBe(false);
  });
});

describe('the real content/', () => {
  it('passes', () => {
    const result = validateContent();
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.stats.products).toBeGreaterThan(0);
  });

  it('fails on a missing or unparsable file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-content-'));
    writeFileSync(path.join(dir, 'products.json'), '{ "not": "an array" }');
    writeFileSync(path.join(dir, 'bundles.json'), '[');
    const { data, errors } = loadContent(dir);
    expect(data).toBeUndefined();
    expect(errors).toContain('pages.json: missing');
    expect(errors).toContain('product-previews.json: missing');
    expect(errors).toContain('products.json: top level must be an array');
    expect(errors.find((e) => e.startsWith('bundles.json: invalid JSON'))).toBeDefined();
  });

  it('as a command exits 0 on the real content and 1 with the errors on broken content', () => {
    const good = spawnSync(process.execPath, [VALIDATOR], { encoding: 'utf8' });
    expect(good.stdout).toContain('content OK');
    expect(good.status).toBe(0);

    const root = mkdtempSync(path.join(tmpdir(), 'sb-content-'));
    cpSync(DEFAULT_CONTENT_DIR, path.join(root, 'content'), { recursive: true, filter: (src) => !src.endsWith('.ts') });
    cpSync(PUBLIC_DIR, path.join(root, 'public'), { recursive: true });
    const productsFile = path.join(root, 'content', 'products.json');
    const products = JSON.parse(readFileSync(productsFile, 'utf8')) as { productType: string }[];
    products[0]!.productType = 'werkboek';
    writeFileSync(productsFile, JSON.stringify(products));

    const bad = spawnSync(process.execPath, [VALIDATOR, path.join(root, 'content')], { encoding: 'utf8' });
    expect(bad.stderr).toMatch(/^error: products\.json\[0\] .*: unknown productType "werkboek"/m);
    expect(bad.stdout).toContain('content INVALID (1 errors)');
    expect(bad.status).toBe(1);
  });
});
