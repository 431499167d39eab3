import { describe, expect, it } from 'vitest';
import { childSubjectStatus } from './guardians.ts';

const summary = (topicsBehind: number, minutes: number) => ({
  missing: null,
  recallExam: 0.81,
  topicsBehind,
  topics: 12,
  minutesAll7d: minutes,
  minutesAsked7d: 140,
});

describe('a child’s subject as the parent reads it', () => {
  it('is on schedule with every topic ready and enough minutes', () => {
    expect(childSubjectStatus('Sanne', summary(0, 120))).toEqual({
      status: 'op_schema',
      reason: 'Elk onderwerp staat op de examendag op 75 % of meer (gemiddeld 81 %).',
    });
  });

  it('is behind by topics first, then by effort', () => {
    expect(childSubjectStatus('Sanne', summary(3, 120)).reason).toBe(
      '3 van de 12 onderwerpen zitten op de examendag onder 75 % (gemiddeld 81 %).',
    );
    expect(childSubjectStatus('Sanne', summary(0, 30))).toEqual({
      status: 'loopt_achter',
      reason: 'Deze week 30 van de 140 geplande minuten gestudeerd.',
    });
  });

  it('says why there is nothing to show', () => {
    expect(childSubjectStatus('Sanne', null).status).toBe('onbekend');
    expect(childSubjectStatus('Sanne', { ...summary(0, 0), missing: 'no_plan' }).reason).toBe(
      'Sanne heeft nog geen examenjaar gekozen.',
    );
  });
});
