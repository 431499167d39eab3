/**
 * The quick scan on the demo catalogue: the questions come
 * from the study subjects, valid answers give an advice of orderable products
 * priced with the stacking discount, and wrong answers give Dutch messages.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/modules/catalog/db/tables.ts';
import { getQuickscanPage } from '#app/modules/quickscan/server/quickscan.server.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const TODAY = new Date('2026-10-05T09:00:00Z');

const page = (query: string) => getQuickscanPage(rt.services, new URLSearchParams(query), TODAY);

async function setStock(skus: string[], totalQuantity: number) {
  await rt.deps.db.update(products).set({ totalQuantity }).where(inArray(products.sku, skus));
}
async function idOf(sku: string) {
  const [row] = await rt.deps.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  return row!.id;
}

beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

describe('the quick scan', () => {
  it('shows the questions for an empty query: the exam years and every subject with its levels', async () => {
    const view = await page('');
    expect(view.errors).toBeNull();
    expect(view.advice).toBeNull();
    expect(view.questions.examYears).toEqual([2027, 2028, 2029, 2030, 2031]);
    const bySlug = new Map(view.questions.subjects.map((s) => [s.slug, s]));
    expect(bySlug.get('wiskunde-a')).toEqual({ slug: 'wiskunde-a', name: 'Wiskunde A', levels: ['havo', 'vwo'] });
    expect(bySlug.get('wiskunde')?.levels).toEqual(['vmbo-b', 'vmbo-k', 'vmbo-gl-tl']);
    // In the content's order.
    expect(view.questions.subjects.slice(0, 3).map((s) => s.slug)).toEqual(['nederlands', 'engels', 'duits']);
  });

  it('advises havo bundles plus a samenvatting for plannen, with 15 % stacking discount', async () => {
    const view = await page(
      'niveau=havo&examenjaar=2027&vakken=wiskunde-a&vakken=engels&vakken=biologie&lastig=plannen',
    );
    expect(view.errors).toBeNull();
    const advice = view.advice!;
    // In the subjects' order (Engels comes before Wiskunde A in the content), each bundle before its extras.
    expect(advice.items.map((i) => i.product.name)).toEqual([
      'Slaagbundel Engels havo 2027',
      'Slaagbundel Wiskunde A havo 2027',
      'Slaagbundel Biologie havo 2027',
      'Slaagbundel Samenvatting Biologie havo 2027',
    ]);
    expect(advice.items[3]!.reason).toMatch(/^Omdat je plannen lastig vindt/);
    expect(advice.productIds).toEqual(advice.items.map((i) => i.product.id));
    // 2795 + 2895 + 2800 + 1495 = 9985; 15 % per line: 419 + 434 + 420 + 224 = 1497.
    expect(advice).toMatchObject({
      level: 'havo',
      examYear: 2027,
      subjectNames: ['Engels', 'Wiskunde A', 'Biologie'],
      itemCount: 4,
      subtotalCents: 9985,
      discountPercentage: 15,
      discountCents: 1497,
      totalCents: 8488,
      discountText: 'Met 4 producten krijg je 15% korting: je bespaart €\u00a014,97.',
      nextTierText: null,
      notes: [],
    });
    expect(advice.countdownText).toContain('rond half mei 2027: nog ongeveer 31 weken');
    expect(advice.tips.map((t) => t.difficulty)).toEqual(['plannen']);
  });

  it('adds the examenidioom for woordjes, and notes a sold-out bundle', async () => {
    const advice = (await page('niveau=havo&examenjaar=2027&vakken=duits&vakken=aardrijkskunde&lastig=woordjes'))
      .advice!;
    // Aardrijkskunde havo (bundle and summary) is sold out in the demo data.
    expect(advice.items.map((i) => i.product.name)).toEqual([
      'Slaagbundel Duits havo 2027',
      'Slaagbundel Examenidioom Duits havo 2027',
    ]);
    expect(advice.notes).toEqual(['De examenbundel Aardrijkskunde havo is tijdelijk uitverkocht.']);
    expect(advice.discountText).toBe('Met 2 producten krijg je 5% korting: je bespaart €\u00a01,95.');
  });

  it('advises the edition for the exam year: for 2028 it says the 2027 editions are on sale and adds none', async () => {
    const advice = (await page('niveau=havo&examenjaar=2028&vakken=duits&lastig=woordjes')).advice!;
    expect(advice.items).toEqual([]);
    expect(advice.productIds).toEqual([]);
    expect(advice.notes).toEqual([
      'De examenbundel Duits havo voor het examen van 2028 is er nog niet. Nu te koop is de editie 2027, voor het examen van 2027.',
      'Het examenidioom Duits havo voor het examen van 2028 is er nog niet. Nu te koop is de editie 2027, voor het examen van 2027.',
    ]);
  });

  it('reads stock live: a bundle sold out since leaves the advice, and with nothing left the advice is empty', async () => {
    const query = 'niveau=vwo&examenjaar=2027&vakken=natuurkunde&vakken=scheikunde';
    expect((await page(query)).advice!.productIds).toEqual([
      await idOf('SB-VWO-NA-2027'),
      await idOf('SB-VWO-SK-2027'),
    ]);
    await setStock(['SB-VWO-SK-2027'], 0);
    expect((await page(query)).advice!.productIds).toEqual([await idOf('SB-VWO-NA-2027')]);
    await setStock(['SB-VWO-NA-2027'], 0);
    const empty = (await page(query)).advice!;
    expect(empty.items).toEqual([]);
    expect(empty.totalCents).toBe(0);
    expect(empty.notes).toEqual([
      'De examenbundel Natuurkunde vwo is tijdelijk uitverkocht.',
      'De examenbundel Scheikunde vwo is tijdelijk uitverkocht.',
    ]);
    await setStock(['SB-VWO-NA-2027', 'SB-VWO-SK-2027'], 50);
  });

  it('answers wrong answers with Dutch messages per question and keeps what was typed', async () => {
    const view = await page('niveau=mbo&examenjaar=1999&vakken=wiskunde&lastig=luiheid');
    expect(view.advice).toBeNull();
    expect(view.errors).toEqual({
      level: 'Kies je niveau.',
      examYear: 'Kies het jaar waarin je centraal examen doet.',
      difficulties: 'Kies wat je lastig vindt uit de lijst.',
    });
    expect(view.typed).toEqual({ level: 'mbo', examYear: '1999', subjects: ['wiskunde'], difficulties: ['luiheid'] });

    expect((await page('niveau=havo&examenjaar=2027&vakken=wiskunde&vakken=nask1')).errors).toEqual({
      subjects: 'Wiskunde en NaSk1 horen niet bij havo. Kies de vakken van havo.',
    });
    expect((await page('niveau=havo&examenjaar=2027&vakken=sterrenkunde')).errors).toEqual({
      subjects: 'Dit vak kennen we niet. Kies je vakken uit de lijst.',
    });
    expect((await page('niveau=havo&examenjaar=2027')).errors).toEqual({ subjects: 'Kies minimaal één vak.' });
    // The year after the last one offered.
    expect((await page('niveau=havo&examenjaar=2032&vakken=engels')).errors).toEqual({
      examYear: 'Kies het jaar waarin je centraal examen doet.',
    });
  });

  it('counts a repeated answer once', async () => {
    const advice = (
      await page('niveau=havo&niveau=vwo&examenjaar=2027&vakken=engels&vakken=engels&lastig=plannen&lastig=plannen')
    ).advice!;
    expect(advice.level).toBe('havo');
    expect(advice.items.map((i) => i.product.name)).toEqual(['Slaagbundel Engels havo 2027']);
    expect(advice.tips).toHaveLength(1);
  });
});
