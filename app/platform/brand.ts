/**
 * The brand lives in this one module so that a white-label deployment changes
 * a single place (DESIGN.md "The product in one paragraph"). The spec writes
 * the brand as `{product}`; every brand-derived string is built from `BRAND`.
 */
export const BRAND = { name: 'Slaagbundel', slug: 'slaagbundel' } as const;

/** Path prefix of the logged-in area, `/mijn{product}` (spec §2). */
export const AREA_PATH = `/mijn${BRAND.slug}` as const;

/** Login route of the logged-in area (spec §2, §4 "401 from any API call"). */
export const AREA_LOGIN_PATH = `${AREA_PATH}/login` as const;

/** About page, `/over-{product}` (spec §2). */
export const ABOUT_PATH = `/over-${BRAND.slug}` as const;

/** Suffix of every page title: a vertical bar and the product name (spec §1). */
export const TITLE_SUFFIX = ` | ${BRAND.name}` as const;

/** Home page title, 'Zeker slagen met onze {product}s!' plus the suffix (spec §1). */
export const HOME_TITLE = `Zeker slagen met onze ${BRAND.slug}s!${TITLE_SUFFIX}` as const;

/**
 * Document title for a page (spec §1): the trimmed title followed by
 * ' | Slaagbundel', or the home title when the title is missing or blank.
 */
export function pageTitle(title?: string | null): string {
  const trimmed = title?.trim() ?? '';
  return trimmed === '' ? HOME_TITLE : `${trimmed}${TITLE_SUFFIX}`;
}

/** Where contact-form messages go, and the sender people recognise (an addition: the spec names no address). */
export const CONTACT_INBOX = `klantenservice@${BRAND.slug}.nl` as const;

/**
 * The seller on invoices. Demo values: a real shop fills in its own
 * registered name, address, KvK (Chamber of Commerce) and VAT numbers here.
 */
export const SELLER = {
  name: 'Slaagbundel B.V.',
  address: 'Oudegracht 100, 3511 AX Utrecht',
  kvk: '12345678',
  vatNumber: 'NL001234567B01',
} as const;
