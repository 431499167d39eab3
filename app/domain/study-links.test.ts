import { describe, expect, it } from 'vitest';
import { STUDY_AREA_LINKS, studyAreaHref, studyListingHref } from './study-links.ts';

describe('studyListingHref (spec §2 product-list links)', () => {
  it('is the study area itself without filters', () => {
    expect(studyListingHref()).toBe('/mijnslaagbundel');
    expect(studyListingHref({ sections: [], hideLearned: false })).toBe('/mijnslaagbundel');
  });

  it('carries sections[], topicIds[], difficulty[], examTypes[] and hideLearned, in that order', () => {
    expect(
      studyListingHref({
        hideLearned: true,
        examTypes: ['CE'],
        difficulty: ['moeilijk'],
        topics: [12, 'kans & statistiek'],
        sections: ['leerkaarten'],
      }),
    ).toBe(
      '/mijnslaagbundel?sections[]=leerkaarten&topicIds[]=12&topicIds[]=kans%20%26%20statistiek&difficulty[]=moeilijk&examTypes[]=CE&hideLearned=true',
    );
  });
});

describe('studyAreaHref', () => {
  it('links each part of Mijn Slaagbundel to its listing', () => {
    expect(studyAreaHref('learningCards')).toBe('/mijnslaagbundel?sections[]=leerkaarten&hideLearned=true');
    expect(studyAreaHref('examCheck')).toBe('/mijnslaagbundel?sections[]=examencheck&examTypes[]=CE');
    expect(studyAreaHref('results')).toBe('/mijnslaagbundel?sections[]=resultaten');
    expect(studyAreaHref('examBuddy')).toBe(
      '/mijnslaagbundel?sections[]=examenbuddy&difficulty[]=moeilijk&examTypes[]=CE',
    );
  });

  it('narrows a link to topics without changing the shared filters', () => {
    expect(studyAreaHref('learningCards', [4, 7])).toBe(
      '/mijnslaagbundel?sections[]=leerkaarten&topicIds[]=4&topicIds[]=7&hideLearned=true',
    );
    expect(STUDY_AREA_LINKS.learningCards).toEqual({ sections: ['leerkaarten'], hideLearned: true });
  });
});
