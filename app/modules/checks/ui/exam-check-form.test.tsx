// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answersFromForm, testAnswersSchema, type TestView } from '#app/modules/checks/schemas/checks.ts';
import { ExamCheckForm } from './exam-check-form.tsx';

const check: TestView = {
  id: 7,
  subjectId: 24,
  title: 'Examencheck algebra',
  description: 'Test wat je weet van vergelijkingen en functies.',
  questionCount: 3,
  maxScore: 6,
  light: false,
  latestAttempt: null,
  questions: [
    {
      id: 101,
      kind: 'choice',
      topic: { id: 11, name: 'Vergelijkingen' },
      promptHtml: '<p>Wat is x als 2x = 6?</p>',
      maxPoints: 1,
      options: [
        { id: 'a', html: '<p>x = 2</p>' },
        { id: 'b', html: '<p>x = 3</p>' },
        { id: 'c', html: '<p>x = 4</p>' },
      ],
    },
    {
      id: 102,
      kind: 'open',
      topic: { id: 12, name: 'Functies' },
      promptHtml: '<p>Leg uit wat een functie is.</p>',
      maxPoints: 3,
      modelAnswerHtml: '<p>Een functie koppelt aan elke x precies één y.</p>',
      scoringPoints: ['Noemt de invoer x', 'Noemt precies één uitkomst'],
    },
    {
      id: 103,
      kind: 'choice',
      topic: { id: 11, name: 'Vergelijkingen' },
      promptHtml: '<p>Hoeveel oplossingen heeft x² = 4?</p>',
      maxPoints: 2,
      options: [
        { id: 'a', html: '<p>Geen</p>' },
        { id: 'b', html: '<p>Twee</p>' },
      ],
    },
  ],
};

/** Forms the check posted; the action stays open until the test answers it. */
let posts: { form: FormData; done: () => void }[];
/** The answers so far the form saved (intent=draft). */
let drafts: FormData[];

function Stub() {
  const Routes = createRoutesStub([
    {
      path: '/examencheck/7',
      action: async ({ request }) => {
        const form = await request.formData();
        if (form.get('intent') === 'draft') {
          drafts.push(form);
          return { saved: true };
        }
        return new Promise((resolve) => posts.push({ form, done: () => resolve(null) }));
      },
      Component: () => <ExamCheckForm test={check} />,
    },
  ]);
  return <Routes initialEntries={['/examencheck/7']} />;
}

async function renderCheck() {
  render(<Stub />);
  await screen.findByText('Vraag 1 van 3');
}

const question = (n: number) => screen.getByText(`Vraag ${n}`, { selector: 'h3' }).closest('li')!;
const button = (name: string) => screen.queryByText(name, { selector: 'button' }) as HTMLButtonElement | null;
const next = () => fireEvent.click(button('Volgende vraag')!);

/** What the route's action makes of the posted form: the API's body, checked with the API's schema. */
function handedIn() {
  expect(posts).toHaveLength(1);
  const body = testAnswersSchema.safeParse(answersFromForm(posts[0]!.form, check.questions));
  expect(body.success).toBe(true);
  return body.data!.answers;
}

beforeEach(() => {
  posts = [];
  drafts = [];
});
afterEach(cleanup);

describe('ExamCheckForm', () => {
  it('says how many questions and points the check has', async () => {
    await renderCheck();
    expect(screen.getByText(/^Test wat je weet/).textContent).toBe(
      'Test wat je weet van vergelijkingen en functies. 3 vragen, 6 punten. Open vragen kijk je zelf na met het antwoordmodel.',
    );
  });

  it('goes question by question, with the progress, and hands in only at the end', async () => {
    await renderCheck();
    expect([question(1).hidden, question(2).hidden, question(3).hidden]).toEqual([false, true, true]);
    expect(screen.getByText('0 van 3 beantwoord')).toBeTruthy();
    expect(button('Vorige vraag')).toBeNull();
    expect(button('Inleveren en nakijken')).toBeNull();

    fireEvent.click(screen.getByText('x = 3'));
    expect(screen.getByText('1 van 3 beantwoord')).toBeTruthy();
    next();
    expect(screen.getByText('Vraag 2 van 3')).toBeTruthy();
    expect([question(1).hidden, question(2).hidden, question(3).hidden]).toEqual([true, false, true]);
    expect(button('Vorige vraag')).toBeTruthy();

    next();
    expect(screen.getByText('Vraag 3 van 3')).toBeTruthy();
    // Question 2 skipped: the count and the bar say what is answered, not where the pupil is.
    expect(screen.getByText('1 van 3 beantwoord')).toBeTruthy();
    expect(button('Volgende vraag')).toBeNull();
    expect(button('Inleveren en nakijken')!.type).toBe('submit');

    fireEvent.click(button('Vorige vraag')!);
    expect(screen.getByText('Vraag 2 van 3')).toBeTruthy();
    expect(question(2).hidden).toBe(false);
    expect(button('Inleveren en nakijken')).toBeNull();
  });

  it('moves the focus to the heading of the next question', async () => {
    await renderCheck();
    next();
    expect(document.activeElement).toBe(question(2).querySelector('h3'));
    expect(document.activeElement!.textContent).toBe('Vraag 2 (3 punten · Functies)');
  });

  it('shows the model answer only when asked, with 0 up to the question’s points to choose from', async () => {
    await renderCheck();
    next();
    const details = question(2).querySelector('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText('Bekijk het antwoordmodel en geef jezelf punten'));
    await waitFor(() => expect(details.open).toBe(true));
    expect(screen.getByText('Een functie koppelt aan elke x precies één y.')).toBeTruthy();
    expect(screen.getByText('Noemt precies één uitkomst')).toBeTruthy();
    const choices = [...question(2).querySelectorAll('input[type="radio"]')].map(
      (r) => r.closest('label')!.textContent,
    );
    expect(choices).toEqual(['0 punten', '1 punt', '2 punten', '3 punten']);
    // No score until the pupil chooses one.
    expect(question(2).querySelectorAll('input[type="radio"]:checked')).toHaveLength(0);
  });

  it('hands in every answer, also those of questions no longer on screen', async () => {
    await renderCheck();
    fireEvent.click(screen.getByText('x = 3'));
    next();
    fireEvent.change(screen.getByLabelText('Jouw antwoord'), {
      target: { value: 'Bij elke x hoort precies één y.' },
    });
    fireEvent.click(screen.getByText('Bekijk het antwoordmodel en geef jezelf punten'));
    fireEvent.click(screen.getByLabelText('2 punten'));
    next();
    // Question 3 is skipped.
    fireEvent.click(button('Inleveren en nakijken')!);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(handedIn()).toEqual([
      { questionId: 101, kind: 'choice', optionId: 'b' },
      { questionId: 102, kind: 'open', text: 'Bij elke x hoort precies één y.', points: 2 },
      { questionId: 103, kind: 'choice', optionId: null },
    ]);
  });

  it('does not hand in an open answer the pupil did not score: it names the question and opens it', async () => {
    await renderCheck();
    next();
    fireEvent.change(screen.getByLabelText('Jouw antwoord'), { target: { value: 'Geen idee.' } });
    next();
    fireEvent.click(screen.getByText('Twee'));
    fireEvent.click(button('Inleveren en nakijken')!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Geef jezelf eerst punten voor vraag 2');
    expect(posts).toHaveLength(0);
    fireEvent.click(screen.getByText('Naar vraag 2', { selector: 'button' }));
    expect(question(2).hidden).toBe(false);
    expect(question(2).querySelector('details')!.open).toBe(true);
    fireEvent.click(screen.getByLabelText('0 punten'));
    expect(screen.queryByRole('alert')).toBeNull();
    next();
    fireEvent.click(button('Inleveren en nakijken')!);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(handedIn()).toEqual([
      { questionId: 101, kind: 'choice', optionId: null },
      { questionId: 102, kind: 'open', text: 'Geen idee.', points: 0 },
      { questionId: 103, kind: 'choice', optionId: 'b' },
    ]);
  });

  it('saves the answers so far with the question shown, and resumes there with them', async () => {
    await renderCheck();
    fireEvent.click(screen.getByText('x = 3'));
    next();
    await waitFor(() => expect(drafts.length).toBeGreaterThan(0));
    const saved = drafts.at(-1)!;
    expect(saved.get('step')).toBe('1');
    expect(saved.get('choice-101')).toBe('b');
    cleanup();

    const Routes = createRoutesStub([
      {
        path: '/examencheck/7',
        action: () => ({ saved: true }),
        Component: () => (
          <ExamCheckForm
            test={check}
            draft={{
              step: 1,
              answers: [
                { questionId: 101, kind: 'choice', optionId: 'b' },
                { questionId: 102, kind: 'open', text: 'Half af', points: null },
              ],
            }}
          />
        ),
      },
    ]);
    render(<Routes initialEntries={['/examencheck/7']} />);
    await screen.findByText('Vraag 2 van 3');
    expect(screen.getByText('2 van 3 beantwoord')).toBeTruthy();
    expect((screen.getByLabelText('Jouw antwoord') as HTMLTextAreaElement).value).toBe('Half af');
    expect((question(1).querySelector('input[value="b"]') as HTMLInputElement).checked).toBe(true);
  });

  it('says it is marking and cannot be handed in twice while the answer is on its way', async () => {
    await renderCheck();
    next();
    fireEvent.click(screen.getByText('Bekijk het antwoordmodel en geef jezelf punten'));
    fireEvent.click(screen.getByLabelText('1 punt'));
    next();
    fireEvent.click(button('Inleveren en nakijken')!);
    const busy = (await screen.findByText('Bezig met nakijken…')) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    fireEvent.click(busy);
    await act(async () => posts[0]!.done());
    await screen.findByText('Inleveren en nakijken');
    expect(posts).toHaveLength(1);
  });
});

describe('ExamCheckForm without JavaScript', () => {
  it('shows every question below each other with a button to hand in and one to go on later', () => {
    const html = renderToStaticMarkup(<Stub />);
    const page = document.createElement('div');
    page.innerHTML = html;
    const items = [...page.querySelectorAll('ol > li')];
    expect(items.map((li) => li.querySelector('h3')!.textContent)).toEqual([
      'Vraag 1 (1 punt · Vergelijkingen)',
      'Vraag 2 (3 punten · Functies)',
      'Vraag 3 (2 punten · Vergelijkingen)',
    ]);
    expect(items.some((li) => li.hasAttribute('hidden'))).toBe(false);
    expect([...page.querySelectorAll('button')].map((b) => [b.textContent, b.type])).toEqual([
      ['Bewaren en later verder', 'submit'],
      ['Inleveren en nakijken', 'submit'],
    ]);
    // No points are given for the pupil.
    expect(page.querySelectorAll('input[name^="points-"][checked]')).toHaveLength(0);
    expect(page.querySelector('form')!.getAttribute('method')).toBe('post');
  });
});
