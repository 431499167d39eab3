// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type FormEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorSummary, type SummaryError, summaryErrors, useErrorSummary } from './error-summary.tsx';

/**
 * The one error summary of every form (issue 34, GOV.UK's pattern): a refused submit shows "Er is een probleem"
 * at the top of the form with a link per message, and the focus goes there — after the server's answer, after
 * the browser's own check, and (without JavaScript) as the server's page loads.
 */

afterEach(cleanup);
beforeAll(() => {
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView = vi.fn();
});

const MINUTES: SummaryError = { id: 'minutes', message: 'Vul een heel aantal minuten in, zonder komma.' };

/** A form as the pages build one: the summary first, a labelled field, a submit button. */
function PlanForm({
  refusal,
  errors,
  validate,
}: {
  refusal: unknown;
  errors: SummaryError[];
  validate?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const summary = useErrorSummary({ refusal, errors });
  return (
    <form aria-label="Instellingen" onSubmit={summary.wrapSubmit(validate)}>
      <ErrorSummary {...summary} />
      <label htmlFor="minutes">Minuten per dag</label>
      <input id="minutes" name="minutes" defaultValue="12,5" />
      <button type="submit">Opslaan</button>
    </form>
  );
}

describe('ErrorSummary', () => {
  it('shows nothing while there is nothing to say', () => {
    const { container } = render(<ErrorSummary errors={[]} summaryRef={{ current: null }} />);
    expect(container.innerHTML).toBe('');
  });

  it('is an alert headed "Er is een probleem", with a link to each field and a plain line for the form', () => {
    render(
      <ErrorSummary
        errors={[{ message: 'Je planning kon niet worden opgeslagen.' }, MINUTES]}
        summaryRef={{ current: null }}
      />,
    );
    const summary = screen.getByRole('alert', { name: 'Er is een probleem' });
    expect(summary.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('heading', { level: 2, name: 'Er is een probleem' }).tagName).toBe('H2');
    expect(screen.getByRole('link', { name: MINUTES.message }).getAttribute('href')).toBe('#minutes');
    expect(summary.textContent).toContain('Je planning kon niet worden opgeslagen.');
  });

  it('is focused by the browser itself on the server’s page of a plain form post (autofocus)', () => {
    const html = renderToString(<PlanForm refusal={{ errors: { minutes: 'x' } }} errors={[MINUTES]} />);
    expect(html).toMatch(/<div[^>]*tabindex="-1"[^>]*autofocus=""[^>]*role="alert"/);
    expect(html).toContain('Er is een probleem');
  });

  it('moves the focus to the field when its link is followed, its label scrolled into view', () => {
    render(<PlanForm refusal={{ n: 1 }} errors={[MINUTES]} />);
    fireEvent.click(screen.getByRole('link', { name: MINUTES.message }));
    expect(document.activeElement).toBe(screen.getByLabelText('Minuten per dag'));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });
});

describe('useErrorSummary', () => {
  it('focuses the summary when the server refuses, again for each new answer, and hides it after a success', () => {
    const { rerender } = render(<PlanForm refusal={null} errors={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<PlanForm refusal={{ answer: 1 }} errors={[MINUTES]} />);
    expect(document.activeElement).toBe(screen.getByRole('alert', { name: 'Er is een probleem' }));

    screen.getByLabelText('Minuten per dag').focus();
    rerender(<PlanForm refusal={{ answer: 2 }} errors={[MINUTES]} />);
    expect(document.activeElement).toBe(screen.getByRole('alert'));

    rerender(<PlanForm refusal={null} errors={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows and focuses the summary when the browser refuses a submit, and not before', () => {
    const refuse = (event: FormEvent) => event.preventDefault();
    const { rerender } = render(<PlanForm refusal={null} errors={[MINUTES]} validate={refuse} />);
    // A message the form knows from a field left earlier is no summary yet: nothing was submitted.
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.submit(screen.getByRole('form', { name: 'Instellingen' }));
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(screen.getByRole('link').textContent).toContain(MINUTES.message);

    // The next submit passes the browser's check: the summary goes until the server answers.
    rerender(<PlanForm refusal={null} errors={[MINUTES]} validate={() => undefined} />);
    fireEvent.submit(screen.getByRole('form', { name: 'Instellingen' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves alone a submit of Conform’s own (validating a field on blur): no summary, the focus stays', () => {
    const refuse = (event: FormEvent) => event.preventDefault();
    render(<PlanForm refusal={null} errors={[MINUTES]} validate={refuse} />);
    const form = screen.getByRole('form', { name: 'Instellingen' });
    const intent = document.createElement('button');
    intent.name = '__intent__';
    form.appendChild(intent);
    const field = screen.getByLabelText('Minuten per dag');
    field.focus();
    fireEvent(form, new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: intent }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('keeps what was typed: the summary adds to the form, it never resets it', () => {
    render(<PlanForm refusal={{ answer: 1 }} errors={[MINUTES]} />);
    expect((screen.getByLabelText('Minuten per dag') as HTMLInputElement).value).toBe('12,5');
  });
});

describe('summaryErrors', () => {
  it('lists the form’s own message first, then each field’s first message led by its label', () => {
    expect(
      summaryErrors(
        { minutes: ['Te veel.', 'Ook fout.'], '': ['Niet opgeslagen.'], date: 'Geen datum.', empty: [] },
        (name) => `veld-${name}`,
        { minutes: 'Minuten per dag' },
      ),
    ).toEqual([
      { message: 'Niet opgeslagen.' },
      { id: 'veld-minutes', message: 'Minuten per dag: Te veel.' },
      { id: 'veld-date', message: 'Geen datum.' },
    ]);
  });
});
