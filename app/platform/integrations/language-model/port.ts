/**
 * Language-model port: the exam buddy can have a model write
 * its answer from the passages the retrieval found in the subject's own
 * cards and idioms. Optional: without a configured provider the buddy shows
 * the passages themselves and says so (it never pretends to be a model).
 */
export interface BuddyPassage {
  /** The card's or idiom's title; the model sees it numbered, for citations like [1]. */
  title: string;
  /** Where the pupil finds it (a card's address), for the model to cite with the title. */
  link?: string | undefined;
  text: string;
}

export interface LanguageModel {
  /** The provider's name, for logs. */
  readonly name: string;
  /**
   * A short Dutch answer to the pupil's question, written only from the
   * passages and citing them as [1], [2]…; it must say so when they do not
   * answer the question.
   */
  answer(input: { subjectName: string; question: string; passages: readonly BuddyPassage[] }): Promise<string>;
}
