// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LearnListCard, ParentTopicView, TopicView } from '#app/modules/cards/index.ts';
import LearnPage from './learn.tsx';

/** The learned store's requests never reach a server here. */
vi.mock('#app/platform/api-client.ts', () => ({
  api: { post: () => new Promise(() => {}), delete: () => new Promise(() => {}) },
}));

const SUBJECT = { id: 24, slug: 'wiskunde-b', levelName: 'havo', name: 'Wiskunde B' };
const PAGE = '/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen';
const NO_FILTERS = {
  sections: [],
  topicIds: [],
  parentTopicIds: [],
  difficulty: [],
  examTypes: [],
  hideLearned: false,
};

/** Four chapters of 40 cards (topic 10·n + 1 in chapter n); the first chapter learned. */
const parentTopics: ParentTopicView[] = [1, 2, 3, 4].map((n) => ({ id: n * 10, name: `Hoofdstuk ${n}` }));
const topics: TopicView[] = parentTopics.map((parent) => ({
  id: parent.id + 1,
  name: `Onderwerp van ${parent.name}`,
  parentId: parent.id,
  newContent: false,
  learnedCards: 0,
  totalLearnableCards: 40,
}));
const cards: LearnListCard[] = Array.from({ length: 160 }, (_, index) => ({
  id: index + 1,
  title: `Kaart ${index + 1}`,
  section: 'uitleg',
  examType: 'CE',
  difficulty: 'gemiddeld',
  topicIds: [topics[Math.floor(index / 40)]!.id],
  newContent: false,
  userHasLearned: index < 40,
  isDownload: false,
  learnable: true,
}));

function renderLearnPage(filters = NO_FILTERS, entry = PAGE) {
  const Page = createRoutesStub([
    {
      id: 'subject___nl',
      path: '/mijnslaagbundel/:subjectId/:slug',
      loader: () => ({ subject: SUBJECT, unlockProduct: null, isTeacher: false }),
      HydrateFallback: () => null,
      children: [
        {
          path: 'leren-en-oefenen',
          loader: () => ({ cards, availableTopics: topics, parentTopics, lockedCards: 0, filters, failed: false }),
          Component: LearnPage as never,
        },
      ],
    },
  ]);
  render(<Page initialEntries={[entry]} />);
}

afterEach(cleanup);

describe('the learn page with a long list', () => {
  it('shows the first chapter with cards to learn card by card and folds the others to their counts', async () => {
    renderLearnPage();
    await screen.findByText('160 leerkaarten, 40 geleerd');
    // Chapter 2 (40 cards) fits the budget of 60; chapter 3 does not, so it and the rest are folded.
    const second = screen.getByRole('region', { name: 'Hoofdstuk 2' });
    expect(
      within(second)
        .getAllByRole('listitem')
        .filter((item) => item.classList.contains('card-row')),
    ).toHaveLength(40);
    for (const [name, learned] of [
      ['Hoofdstuk 1', 40],
      ['Hoofdstuk 3', 0],
      ['Hoofdstuk 4', 0],
    ] as const) {
      const folded = screen.getByRole('region', { name });
      expect(within(folded).queryAllByRole('link', { name: /^Kaart / })).toHaveLength(0);
      expect(folded.textContent).toContain(`40 leerkaarten, ${learned} geleerd`);
      const link = within(folded).getByRole('link', { name: `Toon de kaarten van ${name}` });
      const id = parentTopics.find((parent) => parent.name === name)!.id;
      expect(link.getAttribute('href')).toBe(`${PAGE}?parentTopicIds%5B%5D=${id}`);
    }
    expect(screen.getAllByRole('link', { name: /^Kaart / })).toHaveLength(40);
  });

  it('keeps the other filters in the link of a folded chapter', async () => {
    renderLearnPage(NO_FILTERS, `${PAGE}?sections%5B%5D=uitleg`);
    await screen.findByText('160 leerkaarten, 40 geleerd');
    const link = screen.getByRole('link', { name: 'Toon de kaarten van Hoofdstuk 4' });
    expect(link.getAttribute('href')).toBe(`${PAGE}?sections%5B%5D=uitleg&parentTopicIds%5B%5D=40`);
  });

  it('shows every card once a chapter is chosen', async () => {
    renderLearnPage({ ...NO_FILTERS, parentTopicIds: [30] as never[] });
    await screen.findByText('160 leerkaarten, 40 geleerd');
    expect(screen.getAllByRole('link', { name: /^Kaart / })).toHaveLength(160);
    expect(screen.queryByRole('link', { name: /^Toon de kaarten/ })).toBeNull();
  });
});
