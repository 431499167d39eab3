/** Study-area rules not tied to a screen (spec §4). */

export type Id = string | number;

// Learned cards (spec §4 "Card learned toggle").

export interface TopicProgress {
  learnedCards: number;
  totalLearnableCards: number;
}

/**
 * The topic with its learned count changed by one (spec §4), never below 0
 * and never above totalLearnableCards. Returns a new object.
 */
export function adjustLearnedCount<T extends TopicProgress>(topic: T, change: 1 | -1): T {
  const max = Math.max(0, topic.totalLearnableCards);
  const learnedCards = Math.min(max, Math.max(0, topic.learnedCards + change));
  return { ...topic, learnedCards };
}

/** The card with its learned mark flipped (spec §4). Returns a new object. */
export function toggleLearned<T extends { userHasLearned: boolean }>(card: T): T {
  return { ...card, userHasLearned: !card.userHasLearned };
}

// New content (spec §4 "Visiting a card").

export interface NewContentCard {
  newContent: boolean;
  topics: readonly { id: Id; newContent?: boolean }[];
}

/**
 * Visiting a card clears its new-content flag and those of its topics
 * (spec §4): the card (and the topics embedded in it) and, in `topics`, every
 * topic whose id is one of the card's topics. Returns new objects.
 */
export function clearNewContent<C extends NewContentCard, T extends { id: Id; newContent: boolean }>(
  card: C,
  topics: readonly T[],
): { card: C; topics: T[] } {
  const ids = new Set(card.topics.map((topic) => topic.id));
  return {
    card: {
      ...card,
      newContent: false,
      topics: card.topics.map((topic) => ('newContent' in topic ? { ...topic, newContent: false } : topic)),
    },
    topics: topics.map((topic) => (ids.has(topic.id) ? { ...topic, newContent: false } : topic)),
  };
}

// Subject access (spec §4 "Subject access", §6).

export interface SubjectStream {
  stream?: { userHasAccess: boolean; isLightStream: boolean } | null;
}

/** 'With access': the subject's stream grants access (spec §4). */
export function hasAccess(subject: SubjectStream): boolean {
  return subject.stream?.userHasAccess === true;
}

/** The stream a subject's view stands for: full, light, or none. */
export function streamOf(subject: SubjectStream): 'full' | 'light' | null {
  if (hasAccess(subject)) return 'full';
  return subject.stream?.isLightStream ? 'light' : null;
}

/** 'No access': neither access nor a light stream (spec §4). */
export function isNoAccess(subject: SubjectStream): boolean {
  return !hasAccess(subject) && subject.stream?.isLightStream !== true;
}

/** The subjects with a light stream (spec §4). */
export function lightStreamSubjects<T extends SubjectStream>(subjects: readonly T[]): T[] {
  return subjects.filter((subject) => subject.stream?.isLightStream === true);
}

/** The subjects with a full (not light) stream (spec §4); the complement of lightStreamSubjects. */
export function fullStreamSubjects<T extends SubjectStream>(subjects: readonly T[]): T[] {
  return subjects.filter((subject) => subject.stream?.isLightStream !== true);
}

/** The subjects with access (spec §4). */
export function subjectsWithAccess<T extends SubjectStream>(subjects: readonly T[]): T[] {
  return subjects.filter(hasAccess);
}

/** The subjects without access (spec §4). */
export function noAccessSubjects<T extends SubjectStream>(subjects: readonly T[]): T[] {
  return subjects.filter(isNoAccess);
}

/**
 * Access to a subject requires it to be in the user's has-access subject
 * list (spec §6): a subject with that id whose stream grants access.
 */
export function canAccessSubject(userSubjects: readonly (SubjectStream & { id: Id })[], subjectId: Id): boolean {
  return userSubjects.some((subject) => String(subject.id) === String(subjectId) && hasAccess(subject));
}

// Onboarding selection (spec §4 "Onboarding selection").

// Filters (spec §2, §4 "Filters").

export interface FilterState {
  topics: Id[];
  parentTopics: Id[];
  sections: Id[];
  examTypes: Id[];
  difficulty: Id[];
}

/** The empty filter state; all filters reset at once (spec §4). Returns a fresh object. */
export function resetFilters(): FilterState {
  return { topics: [], parentTopics: [], sections: [], examTypes: [], difficulty: [] };
}

/**
 * Query string of a practice or exam-question listing (spec §2, §7 cards
 * filterQuery): `sections[]`, `topicIds[]` (from `topics`), `difficulty[]`,
 * `examTypes[]`, then `hideLearned=true` when set; values URI-encoded,
 * brackets literal. parentTopics only group the UI and are not sent.
 * Returns '' without filters, else a string starting with '?'.
 */
export function productListQuery(filters: Partial<FilterState> & { hideLearned?: boolean }): string {
  const pairs: string[] = [];
  const add = (key: string, values: readonly Id[] | undefined): void => {
    for (const value of values ?? []) pairs.push(`${key}[]=${encodeURIComponent(String(value))}`);
  };
  add('sections', filters.sections);
  add('topicIds', filters.topics);
  add('difficulty', filters.difficulty);
  add('examTypes', filters.examTypes);
  if (filters.hideLearned === true) pairs.push('hideLearned=true');
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}
