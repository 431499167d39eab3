import { describe, expect, it } from 'vitest';
import { subjectPath } from '#app/platform/study-paths.ts';
import { SUBJECT_ANSWER_FIELDS, subjectAnswer } from './subject-answer.ts';
import { z } from './z.ts';

describe('a subject as the API names it (issue 34)', () => {
  it('answers the slug of its pages, with the school subject beside it', () => {
    const view = { id: 24, slug: 'wiskunde-b', name: 'Wiskunde B', levelName: 'havo' };
    const answer = subjectAnswer(view);
    expect(answer).toEqual({
      id: 24,
      slug: 'wiskunde-b-havo',
      schoolSubject: 'wiskunde-b',
      name: 'Wiskunde B',
      levelName: 'havo',
    });
    expect(subjectPath(view)).toBe(`/mijnslaagbundel/24/${answer.slug}`);
    expect(z.object(SUBJECT_ANSWER_FIELDS).parse(answer)).toEqual({
      slug: 'wiskunde-b-havo',
      schoolSubject: 'wiskunde-b',
    });
  });
});
