/**
 * A new pupil's first step on the area home (issue 34, item 2): a pupil with nothing to do yet sees one clear
 * step, in this order: activate the code from their book, else start the free trial of a subject that has
 * online content, else choose a subject. Pure: the home's use case reads the subjects and passes them in.
 */
/** What the choice reads of each of the pupil's subjects. */
export interface FirstStepSubject {
  id: number;
  name: string;
  /** The pupil's stream: 'full', 'light' (the trial) or none. */
  stream: 'full' | 'light' | null;
  /** The shop sells the subject's book (whose code opens it). */
  hasBook: boolean;
  /** The subject's online content has a free trial: cards of its light stream. */
  hasTrial: boolean;
}

export type FirstStep =
  /** Activate the code from the book (the code form), with a trial to try instead when one is there. */
  | { kind: 'code'; trial: { id: number; name: string } | null }
  | { kind: 'trial'; trial: { id: number; name: string } }
  | { kind: 'choose' };

/**
 * The first step, or null when the pupil has something to do (a step in "Wat nu?", today's plan or the
 * review queue) or full access to a subject (their plan then leads). A code applies to a subject whose book
 * is sold and that the pupil cannot fully open yet; a trial to a subject with trial content that the pupil
 * has no access to at all (a started trial is something to do, not a step to offer again).
 */
export function firstStep(subjects: readonly FirstStepSubject[], hasSomethingToDo: boolean): FirstStep | null {
  if (hasSomethingToDo || subjects.some((subject) => subject.stream === 'full')) return null;
  const trialSubject = subjects.find((subject) => subject.stream === null && subject.hasTrial);
  const trial = trialSubject ? { id: trialSubject.id, name: trialSubject.name } : null;
  if (subjects.some((subject) => subject.hasBook)) return { kind: 'code', trial };
  if (trial) return { kind: 'trial', trial };
  return { kind: 'choose' };
}
