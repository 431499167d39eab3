// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductCardData } from '#app/modules/catalog/schemas/views.ts';
import { ProductCard, type ProductCardVariant } from './product-card.tsx';

/**
 * The one product card in each place it is shown: what a reader meets (its
 * landmark or heading, the line above the name, the link, stock and price)
 * and the action a place adds.
 */

afterEach(cleanup);

const book: ProductCardData = {
  id: 22,
  name: 'Slaagbundel Wiskunde A havo 2027',
  href: '/producten/22/slaagbundel-wiskunde-a-havo-2027',
  image: '/images/covers/SB-HAVO-WA-2027.svg',
  level: 'havo',
  productType: 'examenbundel',
  priceCents: 2895,
  isOrderable: 'Y',
  inStock: true,
};

function show(variant: ProductCardVariant, props: Partial<Parameters<typeof ProductCard>[0]> = {}, product = book) {
  render(
    <MemoryRouter>
      <ProductCard product={product} variant={variant} {...props} />
    </MemoryRouter>,
  );
}

/** An element's text with the non-breaking space after the euro sign as a plain one. */
const text = (element: Element) => element.textContent!.replace(/\s+/g, ' ').trim();

describe('ProductCard', () => {
  it.each<[ProductCardVariant, 2 | 3]>([
    ['tile', 3],
    ['listing', 2],
    ['advice', 3],
  ])('as a %s is an article whose heading (h%i) is the link to the product', (variant, level) => {
    show(variant);
    const card = screen.getByRole('article');
    const heading = within(card).getByRole('heading', { level });
    expect(within(heading).getByRole('link', { name: book.name }).getAttribute('href')).toBe(book.href);
    expect(text(card)).toContain('Examenbundel · havo');
    expect(text(card)).toContain('Op voorraad, morgen in huis');
    expect(text(card)).toContain('€ 28,95');
  });

  it('takes the heading level the page needs', () => {
    show('listing', { headingLevel: 3 });
    expect(screen.getByRole('heading', { level: 3, name: book.name })).toBeDefined();
  });

  it('in the list takes the colour of its level', () => {
    show('listing', {}, { ...book, level: 'vwo' });
    expect(screen.getByRole('article').className).toMatch(/\btheme-vwo\b/);
  });

  it('says why it is advised and names the subject instead of the level (the quick scan)', () => {
    show('advice', {
      context: 'Wiskunde A',
      reason: 'Oefen met echte examenvragen Wiskunde A.',
      action: <input type="checkbox" aria-label={`${book.name} in mijn pakket`} />,
    });
    const card = screen.getByRole('article');
    expect(text(card)).toContain('Examenbundel · Wiskunde A');
    expect(text(card)).not.toContain('havo ·');
    expect(text(card)).toContain('Oefen met echte examenvragen Wiskunde A.');
    expect(within(card).getByRole('checkbox', { name: `${book.name} in mijn pakket` })).toBeDefined();
  });

  it('shows why it cannot be ordered', () => {
    show('listing', {}, { ...book, inStock: false });
    expect(text(screen.getByRole('article'))).toContain('Tijdelijk uitverkocht');
    cleanup();
    show('listing', {}, { ...book, isOrderable: 'N' });
    expect(text(screen.getByRole('article'))).toContain('Niet meer te bestellen');
  });

  it('says a class licence is for schools on a quote, with no price (issue 31)', () => {
    const licence: ProductCardData = {
      ...book,
      name: 'Klaslicentie Wiskunde B havo 2027',
      productType: 'klaslicentie',
      priceCents: 0,
      isOrderable: 'N',
      inStock: false,
    };
    show('listing', {}, licence);
    const card = text(screen.getByRole('article'));
    expect(card).toContain('Klaslicentie · havo');
    expect(card).toContain('Voor scholen, op offerte');
    expect(card).toContain('Prijs op offerte');
    expect(card).not.toContain('€');
    expect(card).not.toContain('Niet meer te bestellen');
    cleanup();
    show('band', {}, licence);
    expect(text(screen.getByRole('complementary'))).toContain('Bekijk de klaslicentie');
  });

  it('as a band in an article is a complementary landmark named after the product, without a heading', () => {
    show('band', { action: <button type="button">In winkelwagen</button> });
    const band = screen.getByRole('complementary', { name: `Product: ${book.name}` });
    expect(within(band).queryByRole('heading')).toBeNull();
    expect(within(band).getByRole('link', { name: book.name }).getAttribute('href')).toBe(book.href);
    expect(text(band)).toContain('Bekijk de bundel');
    expect(within(band).getByRole('button', { name: 'In winkelwagen' })).toBeDefined();
  });

  it('as a preview band leads to the preview copy', () => {
    show('band', { preview: true });
    const band = screen.getByRole('complementary', { name: `Inkijkexemplaar: ${book.name}` });
    expect(within(band).getByRole('link', { name: book.name }).getAttribute('href')).toBe(
      `${book.href}#inkijkexemplaar`,
    );
    expect(text(band)).toContain('Blader door het inkijkexemplaar');
  });
});
