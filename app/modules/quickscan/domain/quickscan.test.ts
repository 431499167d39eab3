import { describe, expect, it } from 'vitest';
import { cartTotal } from '#app/modules/shop/index.ts';
import {
  daysUntilExams,
  DIFFICULTIES,
  difficultyTip,
  discountText,
  examCountdownText,
  QUICKSCAN_MAX_PRODUCTS,
  quickscanExamYears,
  recommendProducts,
  weeksUntilExams,
  type QuickscanCandidate,
  type QuickscanInput,
} from './quickscan.ts';

let nextId = 1;
function product(subject: string, productType: string, priceCents: number, extra: Partial<QuickscanCandidate> = {}) {
  return { id: nextId++, subject, productType, priceCents, isOrderable: 'Y', totalQuantity: 10, ...extra };
}

// A havo catalogue like the demo one.
const WA = product('wiskunde-a', 'examenbundel', 2895);
const WA_SV = product('wiskunde-a', 'samenvatting', 1495);
const EN = product('engels', 'examenbundel', 2795);
const EN_ID = product('engels', 'examenidioom', 1095);
const NE = product('nederlands', 'examenbundel', 2795);
const NE_ID = product('nederlands', 'examenidioom', 995);
const BI = product('biologie', 'examenbundel', 2800);
const BI_SV = product('biologie', 'samenvatting', 1495);
const AK = product('aardrijkskunde', 'examenbundel', 2795, { totalQuantity: 0 });
const AK_SV = product('aardrijkskunde', 'samenvatting', 1295);
const EC = product('economie', 'examenbundel', 2795, { isOrderable: 'N' });
const CATALOGUE = [WA, WA_SV, EN, EN_ID, NE, NE_ID, BI, BI_SV, AK, AK_SV, EC];

const NAMES: Record<string, string> = {
  'wiskunde-a': 'Wiskunde A',
  engels: 'Engels',
  nederlands: 'Nederlands',
  biologie: 'Biologie',
  aardrijkskunde: 'Aardrijkskunde',
  economie: 'Economie',
  frans: 'Frans',
};

const TODAY = new Date('2026-09-01T10:00:00Z');

function advise(
  subjects: string[],
  difficulties: QuickscanInput['difficulties'] = [],
  extra: Partial<QuickscanInput> = {},
) {
  return recommendProducts({
    level: 'havo',
    examYear: 2027,
    subjects: subjects.map((slug) => ({ slug, name: NAMES[slug] ?? slug })),
    difficulties,
    candidates: CATALOGUE,
    today: TODAY,
    price: cartTotal,
    ...extra,
  });
}
const ids = (advice: ReturnType<typeof advise>) => advice.picks.map((p) => p.productId);

describe('recommendProducts', () => {
  it("recommends each chosen subject's examenbundel and prices the set with the stacking discount", () => {
    const advice = advise(['wiskunde-a', 'engels']);
    expect(ids(advice)).toEqual([WA.id, EN.id]);
    expect(advice.pricing).toMatchObject({ itemCount: 2, subtotalCents: 5690, discountPercentage: 5 });
    // 5 % of 2895 = 144.75 → 145; of 2795 = 139.75 → 140.
    expect(advice.pricing.discountNetCents).toBe(285);
    expect(advice.pricing.totalCents).toBe(5405);
    expect(advice.discountText).toBe('Met 2 producten krijg je 5% korting: je bespaart €\u00a02,85.');
    expect(advice.nextTierText).toBe('Nog 1 product voor 10% korting');
    expect(advice.picks[0]!.reason).toBe(
      'Oefen met echte examenvragen Wiskunde A, met uitgewerkte antwoorden en uitleg.',
    );
    expect(advice.notes).toEqual([]);
  });

  it('adds the samenvatting of a maths subject for formules, with its reason, after that subject’s bundle', () => {
    const advice = advise(['engels', 'wiskunde-a'], ['formules']);
    expect(ids(advice)).toEqual([EN.id, WA.id, WA_SV.id]);
    expect(advice.picks[2]!.reason).toBe('Omdat je formules lastig vindt: alle formules op een rij.');
    expect(advice.pricing.discountPercentage).toBe(10);
  });

  it('adds the examenidioom of a foreign language for woordjes, and of any language for begrijpend lezen', () => {
    expect(ids(advise(['nederlands', 'engels'], ['woordjes']))).toEqual([NE.id, EN.id, EN_ID.id]);
    const reading = advise(['nederlands', 'engels'], ['begrijpend-lezen']);
    expect(ids(reading)).toEqual([NE.id, NE_ID.id, EN.id, EN_ID.id]);
    expect(reading.discountText).toBe('Met 4 producten krijg je 15% korting: je bespaart €\u00a011,51.');
  });

  it('never recommends a product twice, and the first difficulty that asks for it gives the reason', () => {
    const advice = advise(['engels'], ['begrijpend-lezen', 'woordjes']);
    expect(ids(advice)).toEqual([EN.id, EN_ID.id]);
    expect(advice.picks[1]!.reason).toMatch(/^Omdat je woordjes lastig vindt/);
    // formules and plannen both want the Wiskunde A samenvatting.
    expect(ids(advise(['wiskunde-a'], ['formules', 'plannen']))).toEqual([WA.id, WA_SV.id]);
  });

  it('adds a samenvatting of every chosen subject for plannen; a difficulty without a product for the subject adds nothing', () => {
    expect(ids(advise(['biologie', 'engels'], ['plannen']))).toEqual([BI.id, BI_SV.id, EN.id]);
    expect(ids(advise(['biologie'], ['woordjes', 'formules']))).toEqual([BI.id]);
  });

  it('lets examenstress and tijdsdruk change the bundle reason and add a tip, not a product', () => {
    const stress = advise(['engels'], ['examenstress']);
    expect(ids(stress)).toEqual([EN.id]);
    expect(stress.picks[0]!.reason).toMatch(/^Omdat je examenstress hebt: oefen met echte examens Engels/);
    expect(advise(['engels'], ['examenstress', 'tijdsdruk']).picks[0]!.reason).toMatch(
      /^Omdat je examenstress hebt en vaak tijd tekortkomt: /,
    );
    expect(stress.tips).toEqual([{ difficulty: 'examenstress', text: difficultyTip('examenstress', 36) }]);
  });

  it('skips sold-out and no longer orderable bundles with a note, and puts nothing unasked in their place', () => {
    const advice = advise(['aardrijkskunde', 'economie', 'frans']);
    // The Aardrijkskunde samenvatting can be ordered, but nobody asked for it.
    expect(ids(advice)).toEqual([]);
    expect(advice.notes).toEqual([
      'De examenbundel Aardrijkskunde havo is tijdelijk uitverkocht.',
      'De examenbundel Economie havo is niet meer te bestellen.',
      'Voor Frans hebben we op havo (nog) geen examenbundel.',
    ]);
    expect(advice.discountText).toBeNull();
    // Asked for (plannen), the samenvatting is there, with that reason.
    const planning = advise(['aardrijkskunde'], ['plannen']);
    expect(ids(planning)).toEqual([AK_SV.id]);
    expect(planning.picks[0]!.reason).toMatch(/^Omdat je plannen lastig vindt/);
  });

  it('recommends the edition for the exam year, and says when it is not out yet and what is', () => {
    const bundle2027 = product('engels', 'examenbundel', 2795, { edition: 2027 });
    const idiom2027 = product('engels', 'examenidioom', 1095, { edition: 2027 });
    const bundle2028 = product('engels', 'examenbundel', 2895, { edition: 2028 });
    const candidates = [bundle2027, idiom2027, bundle2028];
    expect(ids(advise(['engels'], [], { candidates }))).toEqual([bundle2027.id]);
    expect(ids(advise(['engels'], [], { candidates, examYear: 2028 }))).toEqual([bundle2028.id]);
    const later = advise(['engels'], ['woordjes'], { candidates: [bundle2027, idiom2027], examYear: 2028 });
    expect(ids(later)).toEqual([]);
    expect(later.notes).toEqual([
      'De examenbundel Engels havo voor het examen van 2028 is er nog niet. Nu te koop is de editie 2027, voor het examen van 2027.',
      'Het examenidioom Engels havo voor het examen van 2028 is er nog niet. Nu te koop is de editie 2027, voor het examen van 2027.',
    ]);
  });

  it('gives each bundle only the reasons that follow from the answers about its subject', () => {
    const advice = advise(['engels', 'wiskunde-a', 'biologie'], ['formules', 'begrijpend-lezen']);
    const reasons = Object.fromEntries(
      advice.picks.filter((p) => p.productType === 'examenbundel').map((p) => [p.subject, p.reason]),
    );
    expect(reasons).toEqual({
      engels:
        'Omdat je begrijpend lezen lastig vindt: oefen met echte examens Engels, met uitgewerkte antwoorden en uitleg.',
      'wiskunde-a':
        'Omdat je formules lastig vindt: oefen met echte examens Wiskunde A, met uitgewerkte antwoorden en uitleg.',
      biologie: 'Oefen met echte examenvragen Biologie, met uitgewerkte antwoorden en uitleg.',
    });
    expect(advice.picks.some((p) => /examenstress/.test(p.reason))).toBe(false);
  });

  it('prefers an orderable product of a type over an earlier one that is sold out', () => {
    const soldOut = product('engels', 'examenbundel', 2000, { totalQuantity: 0 });
    const inStock = product('engels', 'examenbundel', 2100);
    expect(ids(advise(['engels'], [], { candidates: [soldOut, inStock] }))).toEqual([inStock.id]);
  });

  it('gives an empty, unpriced advice when nothing can be ordered', () => {
    const advice = advise(['economie', 'frans']);
    expect(advice.picks).toEqual([]);
    expect(advice.pricing).toMatchObject({ itemCount: 0, totalCents: 0, fullyOrderable: false });
    expect(advice.discountText).toBeNull();
    expect(advice.nextTierText).toBeNull();
    expect(advice.notes).toHaveLength(2);
  });

  it(`keeps at most ${QUICKSCAN_MAX_PRODUCTS} products, bundles first, and says so`, () => {
    const subjects = Array.from({ length: 8 }, (_, i) => `vak-${i}`);
    const candidates = subjects.flatMap((s) => [product(s, 'examenbundel', 2000), product(s, 'samenvatting', 1000)]);
    const advice = advise(subjects, ['plannen'], { candidates });
    expect(advice.picks).toHaveLength(QUICKSCAN_MAX_PRODUCTS);
    const bundles = advice.picks.filter((p) => p.productType === 'examenbundel');
    expect(bundles).toHaveLength(8);
    // The two samenvattingen kept are those of the first two subjects, each shown after its bundle.
    expect(advice.picks.slice(0, 4).map((p) => [p.subject, p.productType])).toEqual([
      ['vak-0', 'examenbundel'],
      ['vak-0', 'samenvatting'],
      ['vak-1', 'examenbundel'],
      ['vak-1', 'samenvatting'],
    ]);
    expect(advice.notes.at(-1)).toMatch(/^We adviseren maximaal 10 producten tegelijk/);
    expect(advice.pricing.discountPercentage).toBe(15);
    expect(advice.pricing.totalCents).toBe(advice.pricing.subtotalCents - advice.pricing.discountNetCents);
  });

  it('gives one tip per chosen difficulty, in the order of the questions', () => {
    const advice = advise(['engels'], ['tijdsdruk', 'formules']);
    expect(advice.tips.map((t) => t.difficulty)).toEqual(['formules', 'tijdsdruk']);
    expect(advice.weeksUntilExams).toBe(36);
    expect(advice.countdownText).toBe(examCountdownText(2027, TODAY));
  });
});

describe('the exam year', () => {
  it('offers this school year’s exams up to four years ahead; from August the next year comes first', () => {
    expect(quickscanExamYears(new Date('2026-03-01T12:00:00Z'))).toEqual([2026, 2027, 2028, 2029, 2030]);
    expect(quickscanExamYears(new Date('2026-08-01T12:00:00Z'))).toEqual([2027, 2028, 2029, 2030, 2031]);
  });

  it('counts the days and whole weeks until the middle of May', () => {
    expect(daysUntilExams(2027, new Date('2027-05-15T23:00:00Z'))).toBe(0);
    expect(daysUntilExams(2027, new Date('2027-05-01T08:00:00Z'))).toBe(14);
    expect(weeksUntilExams(2027, new Date('2027-05-02T08:00:00Z'))).toBe(1); // 13 days
    expect(weeksUntilExams(2027, TODAY)).toBe(36); // 1 September 2026 → 15 May 2027: 256 days
    expect(weeksUntilExams(2026, new Date('2026-06-01T08:00:00Z'))).toBeLessThan(0);
  });

  it('explains the time left in Dutch', () => {
    expect(examCountdownText(2027, TODAY)).toBe(
      'De eerste centrale examens zijn rond half mei 2027: nog ongeveer 36 weken. Mooi op tijd: met een vaste planning kom je er rustig doorheen.',
    );
    expect(examCountdownText(2029, TODAY)).toMatch(/nog ongeveer 141 weken\. Je hebt nog ruim de tijd/);
    expect(examCountdownText(2027, new Date('2027-03-01T08:00:00Z'))).toMatch(/nog ongeveer 10 weken\. Begin vandaag/);
    expect(examCountdownText(2027, new Date('2027-05-06T08:00:00Z'))).toBe(
      'De eerste centrale examens zijn rond half mei 2027: nog ongeveer 1 week. Begin vandaag: elke week een paar oefenexamens maakt echt verschil.',
    );
    expect(examCountdownText(2027, new Date('2027-05-12T08:00:00Z'))).toMatch(/nog maar een paar dagen/);
    expect(examCountdownText(2026, new Date('2026-06-01T08:00:00Z'))).toMatch(
      /^De centrale examens van 2026 zijn al begonnen/,
    );
  });

  it('has a tip for every difficulty; the planning tip counts the weeks', () => {
    for (const d of DIFFICULTIES) expect(difficultyTip(d, 20)).toMatch(/\.$/);
    expect(difficultyTip('plannen', 20)).toContain('de 20 weken tot je examen');
    expect(difficultyTip('plannen', 0)).not.toContain('weken');
  });
});

describe('discountText', () => {
  it('names the tier and the saving', () => {
    expect(discountText({ itemCount: 3, discountPercentage: 10, discountNetCents: 1685 })).toBe(
      'Met 3 producten krijg je 10% korting: je bespaart €\u00a016,85.',
    );
    expect(discountText({ itemCount: 0, discountPercentage: 0, discountNetCents: 0 })).toBeNull();
  });
});
