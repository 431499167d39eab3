// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cardFilterQuerySchema,
  queryObject,
  toCardFilters,
  type ParentTopicView,
  type TopicView,
} from '#app/modules/cards/schemas/study.ts';
import { CardFilterForm, useLingeringFlag } from './card-filters.tsx';
import { toggleLearned } from './learned-store.ts';

/** The learned store's requests never reach a server here. */
vi.mock('#app/platform/api-client.ts', () => ({
  api: { post: () => new Promise(() => {}), delete: () => new Promise(() => {}) },
}));

const PAGE = '/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen';

const parentTopics: ParentTopicView[] = [
  { id: 10, name: 'Algebra' },
  { id: 20, name: 'Meetkunde' },
];
const topics: TopicView[] = [
  { id: 11, name: 'Vergelijkingen', parentId: 10, newContent: false, learnedCards: 2, totalLearnableCards: 5 },
  { id: 12, name: 'Functies', parentId: 10, newContent: true, learnedCards: 0, totalLearnableCards: 3 },
  { id: 21, name: 'Driehoeken', parentId: 20, newContent: false, learnedCards: 4, totalLearnableCards: 4 },
];

/**
 * The listing page as far as the filters go: its filters come from the
 * address through the same schema the loader uses, and the address is shown
 * so the tests can read it.
 */
function LearnPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = cardFilterQuerySchema.parse(queryObject(new URLSearchParams(search)));
  return (
    <>
      <CardFilterForm filters={toCardFilters(query)} topics={topics} parentTopics={parentTopics} resetHref={PAGE} />
      <output data-testid="address">{search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Terug
      </button>
    </>
  );
}

function renderFilters(entries: string[] = [PAGE]) {
  const Stub = createRoutesStub([
    { path: PAGE, Component: LearnPage },
    { path: '/vorige-pagina', Component: () => <p>Vorige pagina</p> },
  ]);
  render(<Stub initialEntries={entries} initialIndex={entries.length - 1} />);
}

/** The address's query as [name, value] pairs, in order. */
const query = () => [...new URLSearchParams(screen.getByTestId('address').textContent)];
const box = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** Clicks a box and waits for the page at its new address. */
async function click(label: string | RegExp) {
  const before = screen.getByTestId('address').textContent;
  fireEvent.click(box(label));
  await waitFor(() => expect(screen.getByTestId('address').textContent).not.toBe(before));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CardFilterForm', () => {
  it('lists the topics under their chapter with how many cards are learned', async () => {
    renderFilters();
    const algebra = (await screen.findByText('Algebra')).closest('div')!;
    expect(
      within(algebra)
        .getByLabelText(/^Vergelijkingen/)
        .closest('label')!.textContent,
    ).toBe('Vergelijkingen (2/5 geleerd)');
    expect(
      within(algebra)
        .getByLabelText(/^Functies/)
        .closest('label')!.textContent,
    ).toBe('Functies (0/3 geleerd)Nieuw');
    expect(within(algebra).queryByLabelText(/^Driehoeken/)).toBeNull();
    const meetkunde = screen.getByText('Meetkunde').closest('div')!;
    expect(within(meetkunde).getByLabelText(/^Driehoeken/)).toBeTruthy();
  });

  it('shows no count and no "Alles wissen" without filters', async () => {
    renderFilters();
    expect(await screen.findByText('Filters')).toBeTruthy();
    expect(screen.queryByText(/gekozen/)).toBeNull();
    expect(screen.queryByText('Alles wissen')).toBeNull();
  });

  it('applies a checked box at once: the address carries the filter and the box stays checked', async () => {
    renderFilters();
    await screen.findByText('Filters');
    await click(/^Vergelijkingen/);
    expect(query()).toEqual([['topicIds[]', '11']]);
    expect(box(/^Vergelijkingen/).checked).toBe(true);
    expect(screen.getByText('(1 gekozen)')).toBeTruthy();
  });

  it('puts every filter in the address the listing reads', async () => {
    renderFilters();
    await screen.findByText('Filters');
    await click('Verberg geleerde kaarten');
    await click('Algebra');
    await click(/^Driehoeken/);
    await click('Oefenen');
    await click('Centraal examen (CE)');
    await click('Makkelijk');
    await click('Moeilijk');
    expect(query()).toEqual([
      ['hideLearned', 'true'],
      ['parentTopicIds[]', '10'],
      ['topicIds[]', '21'],
      ['sections[]', 'oefenen'],
      ['examTypes[]', 'CE'],
      ['difficulty[]', 'makkelijk'],
      ['difficulty[]', 'moeilijk'],
    ]);
    expect(screen.getByText('(7 gekozen)')).toBeTruthy();
    for (const label of ['Verberg geleerde kaarten', 'Algebra', 'Oefenen', 'Makkelijk', 'Moeilijk']) {
      expect(box(label).checked).toBe(true);
    }
    expect(box('Gemiddeld').checked).toBe(false);
    expect(box(/^Vergelijkingen/).checked).toBe(false);
  });

  it('takes a filter off again when its box is unchecked', async () => {
    renderFilters([`${PAGE}?sections[]=uitleg&hideLearned=true`]);
    await screen.findByText('(2 gekozen)');
    await click('Verberg geleerde kaarten');
    expect(query()).toEqual([['sections[]', 'uitleg']]);
    expect(box('Verberg geleerde kaarten').checked).toBe(false);
    expect(screen.getByText('(1 gekozen)')).toBeTruthy();
  });

  it('opens a shared address with its filters checked', async () => {
    renderFilters([`${PAGE}?topicIds[]=12&examTypes[]=SE&difficulty[]=gemiddeld&hideLearned=true`]);
    expect(await screen.findByText('(4 gekozen)')).toBeTruthy();
    expect(box(/^Functies/).checked).toBe(true);
    expect(box('Schoolexamen (SE)').checked).toBe(true);
    expect(box('Gemiddeld').checked).toBe(true);
    expect(box('Verberg geleerde kaarten').checked).toBe(true);
    expect(box(/^Vergelijkingen/).checked).toBe(false);
    expect(box('Centraal examen (CE)').checked).toBe(false);
  });

  it('"Alles wissen" takes every filter off at once', async () => {
    renderFilters([`${PAGE}?sections[]=uitleg&topicIds[]=11&difficulty[]=moeilijk&hideLearned=true`]);
    const reset = await screen.findByText('Alles wissen');
    expect(reset.getAttribute('href')).toBe(PAGE);
    fireEvent.click(reset);
    await waitFor(() => expect(query()).toEqual([]));
    for (const label of ['Uitleg', /^Vergelijkingen/, 'Moeilijk', 'Verberg geleerde kaarten']) {
      expect(box(label).checked).toBe(false);
    }
    expect(screen.queryByText(/gekozen/)).toBeNull();
    expect(screen.queryByText('Alles wissen')).toBeNull();
  });

  it('replaces the address, so the back button leaves the listing instead of undoing filters', async () => {
    renderFilters(['/vorige-pagina', PAGE]);
    await screen.findByText('Filters');
    await click('Uitleg');
    await click('Oefenen');
    fireEvent.click(screen.getByText('Terug'));
    expect(await screen.findByText('Vorige pagina')).toBeTruthy();
  });

  it('shows the filters of the address after going back', async () => {
    renderFilters([`${PAGE}?sections[]=uitleg`, `${PAGE}?sections[]=uitleg&difficulty[]=moeilijk`]);
    await screen.findByText('(2 gekozen)');
    expect(box('Moeilijk').checked).toBe(true);
    fireEvent.click(screen.getByText('Terug'));
    await screen.findByText('(1 gekozen)');
    expect(box('Moeilijk').checked).toBe(false);
    expect(box('Uitleg').checked).toBe(true);
  });

  it('moves a topic’s count when one of its cards is marked learned', async () => {
    renderFilters();
    const label = (await screen.findByLabelText(/^Vergelijkingen/)).closest('label')!;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => toggleLearned({ id: 501, userHasLearned: false }, [topics[0]!]));
    act(() => vi.advanceTimersByTime(350));
    expect(label.textContent).toBe('Vergelijkingen (3/5 geleerd)');
  });
});

describe('useLingeringFlag (the cards’ loading flag)', () => {
  it('goes on at once and off 300 ms after loading ended', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ on }) => useLingeringFlag(on), { initialProps: { on: false } });
    rerender({ on: true });
    expect(result.current).toBe(true);
    rerender({ on: false });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('stays on without flickering when loading starts again within 300 ms', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ on }) => useLingeringFlag(on), { initialProps: { on: true } });
    rerender({ on: false });
    act(() => vi.advanceTimersByTime(200));
    rerender({ on: true });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(true);
  });
});
