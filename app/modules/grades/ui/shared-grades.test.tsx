// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GradesView } from '#app/modules/grades/schemas/grades.ts';
import { SharedGrades } from './shared-grades.tsx';

/**
 * A pupil's grades page as the people they share it with see it (issue 31): read-only, in Dutch notation, and
 * with nothing the viewer could change.
 */

afterEach(cleanup);

const VIEW: GradesView = {
  level: 'havo',
  subjects: [
    {
      key: 'economie',
      name: 'Economie',
      kind: 'central',
      seTenths: 68,
      assessment: null,
      prediction: { basis: 'checks', tenths: 71, lowTenths: 63, highTenths: 79, attempts: 2 },
      needed: { kind: 'needed', tenths: 43, grade: 4.3 },
      removable: false,
      studyHref: '/mijnslaagbundel/economie/leren',
      pastExams: 1,
      neededAtLow: null,
      finalGrade: null,
      access: null,
      checksOnline: null,
    },
    {
      key: 'engels',
      name: 'Engels',
      kind: 'central',
      seTenths: null,
      assessment: null,
      prediction: null,
      needed: null,
      removable: false,
      studyHref: null,
      pastExams: 0,
      neededAtLow: null,
      finalGrade: null,
      access: null,
      checksOnline: null,
    },
    {
      key: 'lo',
      name: 'Lichamelijke opvoeding',
      kind: 'assessed',
      seTenths: null,
      assessment: 'voldoende',
      prediction: null,
      needed: null,
      removable: false,
      studyHref: null,
      pastExams: 0,
      neededAtLow: null,
      finalGrade: null,
      access: null,
      checksOnline: null,
    },
  ],
  pastExams: [
    {
      id: 3,
      subject: 'economie',
      name: 'Economie',
      year: 2024,
      tijdvak: 1,
      score: 52,
      maxScore: 78,
      nTenths: 11,
      gradeTenths: 71,
    },
  ],
  pastExamChoices: { subjects: [{ key: 'economie', name: 'Economie' }], years: [2025, 2024] },
  addable: [{ key: 'frans', name: 'Frans' }],
  missing: ['Engels'],
  assumed: [],
  outcome: null,
  suggestion: null,
  combinationGrade: null,
};

describe('SharedGrades', () => {
  it('shows per subject the SE grade, the predicted CE grade with its band and the CE grade needed, in Dutch notation', () => {
    render(<SharedGrades view={VIEW} />);
    const economie = screen.getByText('Economie', { selector: 'p' }).closest('li')!;
    expect(within(economie).getByText('6,8')).toBeTruthy();
    expect(within(economie).getByText('7,1 (tussen 6,3 en 7,9, uit 1 examencheck en 1 oud examen)')).toBeTruthy();
    expect(within(economie).getByText('4,3')).toBeTruthy();
    const engels = screen.getByText('Engels', { selector: 'p' }).closest('li')!;
    expect(within(engels).getByText('nog niet ingevuld')).toBeTruthy();
    expect(within(engels).getByText('nog geen examencheck of oud examen gemaakt')).toBeTruthy();
    const lo = screen.getByText('Lichamelijke opvoeding', { selector: 'p' }).closest('li')!;
    expect(within(lo).getByText('Beoordeling:', { exact: false })).toBeTruthy();
    expect(within(lo).getByText('Voldoende')).toBeTruthy();
  });

  it('lists the past exams with their grade, and says why there is no outcome yet', () => {
    render(<SharedGrades view={VIEW} />);
    expect(screen.getByText(/Economie 2024, tijdvak 1 \(mei\): 52 van de 78 punten,\s+N-term 1,1: een/)).toBeTruthy();
    expect(screen.getByText('Nog niet te berekenen: nog niet ingevuld zijn Engels.')).toBeTruthy();
  });

  it('shows the outcome as the grades page does, with its reasons', () => {
    const outcome = {
      outcome: 'gezakt' as const,
      message: 'Gezakt',
      failures: [{ rule: 'ce-average', reason: 'ce_average', message: 'Het gemiddelde is te laag.' }],
    };
    render(<SharedGrades view={{ ...VIEW, outcome, missing: [] }} headingLevel={4} />);
    expect(screen.getByRole('heading', { level: 4, name: /Uitslag/ })).toBeTruthy();
    expect(screen.getByText('Gezakt')).toBeTruthy();
    expect(screen.getByText('Het gemiddelde is te laag.')).toBeTruthy();
  });

  it('is read-only: no form, field or button', () => {
    const { container } = render(<SharedGrades view={VIEW} />);
    expect(container.querySelectorAll('form, input, select, button, textarea')).toHaveLength(0);
    expect(container.textContent).not.toContain('Frans');
  });
});
