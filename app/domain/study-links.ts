import { AREA_PATH } from './brand.ts';
import { productListQuery, type FilterState, type Id } from './study.ts';

/** The filters of a practice or exam-question listing in the study area (spec §2). */
export type StudyListingFilters = Partial<Omit<FilterState, 'parentTopics'>> & { hideLearned?: boolean };

/**
 * A link into the study area's listing of cards or exam questions (spec §2:
 * "Product-list links point to a practice or exam-question listing with the
 * query parameters sections[], topicIds[], difficulty[], examTypes[] and
 * hideLearned"): /mijnslaagbundel with that query.
 */
export function studyListingHref(filters: StudyListingFilters = {}): string {
  return `${AREA_PATH}${productListQuery(filters)}`;
}

export type StudyAreaLink = 'learningCards' | 'examCheck' | 'results' | 'examBuddy';

/** The parts of Mijn Slaagbundel a product page points to, each with its listing's filters. */
export const STUDY_AREA_LINKS: Readonly<Record<StudyAreaLink, StudyListingFilters>> = {
  /** Learning cards not learned yet. */
  learningCards: { sections: ['leerkaarten'], hideLearned: true },
  /** The exam check: questions from central exams (CE). */
  examCheck: { sections: ['examencheck'], examTypes: ['CE'] },
  /** Results per topic. */
  results: { sections: ['resultaten'] },
  /** The hardest exam questions, for the exam buddy to explain. */
  examBuddy: { sections: ['examenbuddy'], difficulty: ['moeilijk'], examTypes: ['CE'] },
};

/** The href of one of the study-area links, optionally narrowed to topics (topicIds[]). */
export function studyAreaHref(link: StudyAreaLink, topicIds: readonly Id[] = []): string {
  const filters = STUDY_AREA_LINKS[link];
  return studyListingHref(topicIds.length ? { ...filters, topics: [...topicIds] } : filters);
}
