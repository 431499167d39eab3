import { describe, expect, it } from 'vitest';
import { STUDY_AREA_LINKS, studyAreaHref } from './study-links.ts';

const subject = { id: 24, slug: 'wiskunde-b', levelName: 'havo' };

describe('studyAreaHref (spec §2 product-list links)', () => {
  it('links each part of Mijn Slaagbundel to its page of the subject, listings with their filters', () => {
    expect(studyAreaHref(subject, 'learningCards')).toBe(
      '/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen?sections[]=uitleg&hideLearned=true',
    );
    expect(studyAreaHref(subject, 'examQuestions')).toBe(
      '/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen?sections[]=examenvragen&examTypes[]=CE',
    );
    expect(studyAreaHref(subject, 'results')).toBe('/mijnslaagbundel/24/wiskunde-b-havo/maak-de-balans-op');
    expect(studyAreaHref(subject, 'examBuddy')).toBe('/mijnslaagbundel/24/wiskunde-b-havo/ook-handig');
  });

  it('narrows a listing to topics (topicIds[]) without changing the shared filters', () => {
    expect(studyAreaHref(subject, 'learningCards', [4, 7])).toBe(
      '/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen?sections[]=uitleg&topicIds[]=4&topicIds[]=7&hideLearned=true',
    );
    for (const link of ['learningCards', 'examQuestions'] as const) {
      const narrowed = new URL(studyAreaHref(subject, link, [4, 7]), 'http://localhost');
      const plain = new URL(studyAreaHref(subject, link), 'http://localhost');
      expect(narrowed.searchParams.getAll('topicIds[]'), link).toEqual(['4', '7']);
      narrowed.searchParams.delete('topicIds[]');
      expect(`${narrowed.pathname}?${narrowed.searchParams}`, link).toBe(`${plain.pathname}?${plain.searchParams}`);
    }
    // The pages without a listing have no filters to narrow.
    expect(studyAreaHref(subject, 'results', [4, 7])).toBe(studyAreaHref(subject, 'results'));
    expect(studyAreaHref(subject, 'examBuddy', [4, 7])).toBe(studyAreaHref(subject, 'examBuddy'));
  });

  it('uses only filter values the listing knows (the cards API and the page read the same query)', async () => {
    const { cardFilterQuerySchema, queryObject } = await import('#app/modules/cards/schemas/study.ts');
    for (const link of Object.keys(STUDY_AREA_LINKS) as (keyof typeof STUDY_AREA_LINKS)[]) {
      const url = new URL(studyAreaHref(subject, link, [3]), 'http://localhost');
      expect(cardFilterQuerySchema.safeParse(queryObject(url.searchParams)).success, link).toBe(true);
    }
  });
});
