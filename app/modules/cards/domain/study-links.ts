import { subjectPath, type SubjectChild } from '#app/platform/study-paths.ts';
import { productListQuery, type FilterState } from './study.ts';

/** The filters of a practice or exam-question listing in the study area (spec §2). */
export type StudyListingFilters = Partial<Omit<FilterState, 'parentTopics'>> & { hideLearned?: boolean };

export type StudyAreaLink = 'learningCards' | 'examQuestions' | 'results' | 'examBuddy';

/**
 * The parts of Mijn Slaagbundel a product page points to: the page of the
 * product's subject, and for the listings the filters of spec §2
 * ("Product-list links point to a practice or exam-question listing with the
 * query parameters sections[], topicIds[], difficulty[], examTypes[] and
 * hideLearned").
 */
export const STUDY_AREA_LINKS: Readonly<Record<StudyAreaLink, { child: SubjectChild; filters?: StudyListingFilters }>> =
  {
    /** Learning cards not learned yet. */
    learningCards: { child: 'learn', filters: { sections: ['uitleg'], hideLearned: true } },
    /** Questions from central exams. */
    examQuestions: { child: 'learn', filters: { sections: ['examenvragen'], examTypes: ['CE'] } },
    /** The exam checks and the results per topic. */
    results: { child: 'results' },
    /** The exam buddy and the exam vocabulary. */
    examBuddy: { child: 'useful' },
  };

/** The href of one of the study-area links of a subject, optionally narrowed to topics (topicIds[]). */
export function studyAreaHref(
  subject: { id: number; slug: string; levelName: string },
  link: StudyAreaLink,
  topicIds: readonly (string | number)[] = [],
): string {
  const { child, filters } = STUDY_AREA_LINKS[link];
  const query = filters ? productListQuery(topicIds.length ? { ...filters, topics: [...topicIds] } : filters) : '';
  return `${subjectPath(subject, child)}${query}`;
}
