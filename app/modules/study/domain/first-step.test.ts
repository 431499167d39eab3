import { describe, expect, it } from 'vitest';
import { firstStep, type FirstStepSubject } from './first-step.ts';

const subject = (extra: Partial<FirstStepSubject> & { id: number }): FirstStepSubject => ({
  name: `Vak ${extra.id}`,
  stream: null,
  hasBook: false,
  hasTrial: false,
  ...extra,
});

describe('a new pupil’s first step (issue 34, item 2)', () => {
  it('is the code from the book first, with the trial of a subject that has one as the way on', () => {
    const subjects = [
      subject({ id: 1, name: 'Nederlands', hasBook: true }),
      subject({ id: 2, name: 'Wiskunde B', hasBook: true, hasTrial: true }),
    ];
    expect(firstStep(subjects, false)).toEqual({ kind: 'code', trial: { id: 2, name: 'Wiskunde B' } });
    expect(firstStep([subject({ id: 1, hasBook: true })], false)).toEqual({ kind: 'code', trial: null });
  });

  it('is the trial when no subject of theirs has a book, else choosing a subject', () => {
    expect(firstStep([subject({ id: 3, name: 'Biologie', hasTrial: true })], false)).toEqual({
      kind: 'trial',
      trial: { id: 3, name: 'Biologie' },
    });
    expect(firstStep([subject({ id: 4 })], false)).toEqual({ kind: 'choose' });
    expect(firstStep([], false)).toEqual({ kind: 'choose' });
  });

  it('offers no trial that is running already, and no step with something to do or full access', () => {
    const running = subject({ id: 2, stream: 'light', hasBook: true, hasTrial: true });
    expect(firstStep([running], false)).toEqual({ kind: 'code', trial: null });
    expect(firstStep([running], true)).toBeNull();
    expect(
      firstStep([subject({ id: 5, stream: 'full', hasBook: true }), subject({ id: 6, hasTrial: true })], false),
    ).toBeNull();
  });
});
