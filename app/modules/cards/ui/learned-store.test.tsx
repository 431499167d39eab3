// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardStateView, TopicView } from '#app/modules/cards/schemas/study.ts';
import type * as LearnedStore from './learned-store.ts';

/**
 * The learned toggle's client state (spec §4 "Card learned toggle"). The API
 * is replaced by a fake server whose answers the tests hand out one by one,
 * so every order of clicks and answers can be played.
 */
const api = vi.hoisted(() => ({ post: vi.fn(), delete: vi.fn() }));
vi.mock('#app/platform/api-client.ts', () => ({ api }));

interface Request {
  method: 'POST' | 'DELETE';
  path: string;
  resolve: (answer: CardStateView) => void;
  reject: (error: Error) => void;
}

let store: typeof LearnedStore;
/** Requests the fake server has received and not answered yet, oldest first. */
let waiting: Request[];
/** Every request the fake server received. */
let received: Request[];

type Topic = Pick<TopicView, 'id' | 'learnedCards' | 'totalLearnableCards'>;
const algebra: Topic = { id: 1, learnedCards: 2, totalLearnableCards: 5 };
const full: Topic = { id: 2, learnedCards: 5, totalLearnableCards: 5 };
const empty: Topic = { id: 3, learnedCards: 0, totalLearnableCards: 4 };

/** Lets every promise callback run (the store's loop awaits each answer). */
const settle = () => act(() => new Promise<void>((resolve) => setImmediate(resolve)));

/** Answers the oldest waiting request as a server would: the card is in the state asked for. */
async function answer(topicCounts: Record<number, number> = {}, learned?: boolean): Promise<Request> {
  const request = waiting.shift();
  if (!request) throw new Error('No request is waiting');
  const id = Number(/cards\/(\d+)\//.exec(request.path)?.[1]);
  request.resolve({
    id,
    userHasLearned: learned ?? request.method === 'POST',
    newContent: false,
    topics: Object.entries(topicCounts).map(([topicId, learnedCards]) => ({
      id: Number(topicId),
      name: `Onderwerp ${topicId}`,
      parentId: 100,
      newContent: false,
      learnedCards,
      totalLearnableCards: 5,
    })),
  });
  await settle();
  return request;
}

async function fail(): Promise<void> {
  const request = waiting.shift();
  if (!request) throw new Error('No request is waiting');
  request.reject(new Error('Dat ging niet goed.'));
  await settle();
}

const click = (card: { id: number; userHasLearned: boolean }, topics: readonly Topic[] = [algebra]) =>
  act(() => store.toggleLearned(card, topics));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(async () => {
  // The store is module state: a fresh copy per test.
  vi.resetModules();
  store = await import('./learned-store.ts');
  waiting = [];
  received = [];
  const server =
    (method: Request['method']) =>
    (path: string): Promise<CardStateView> =>
      new Promise((resolve, reject) => {
        const request = { method, path, resolve, reject };
        waiting.push(request);
        received.push(request);
      });
  api.post.mockReset().mockImplementation(server('POST'));
  api.delete.mockReset().mockImplementation(server('DELETE'));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('learned store: one click', () => {
  it('marks an unlearned card learned at once and asks the server to learn it', () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    expect(store.shownLearned(card)).toBe(true);
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/users/me/cards/7/learn']);
  });

  it('unmarks a learned card at once and asks the server to forget it', () => {
    const card = { id: 8, userHasLearned: true };
    click(card);
    expect(store.shownLearned(card)).toBe(false);
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /v1/users/me/cards/8/learn']);
  });

  it('leaves other cards as the page loaded them', () => {
    click({ id: 7, userHasLearned: false });
    expect(store.shownLearned({ id: 9, userHasLearned: false })).toBe(false);
    expect(store.shownLearned({ id: 10, userHasLearned: true })).toBe(true);
  });

  it('moves the topic counts 350 ms after the click, not before', () => {
    click({ id: 7, userHasLearned: false });
    wait(349);
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
    wait(1);
    expect(store.shownTopic(algebra).learnedCards).toBe(3);
  });

  it('counts down when a card is unmarked', () => {
    click({ id: 8, userHasLearned: true });
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(1);
  });

  it('never counts above the topic total nor below 0', () => {
    click({ id: 7, userHasLearned: false }, [full]);
    click({ id: 8, userHasLearned: true }, [empty]);
    wait(350);
    expect(store.shownTopic(full).learnedCards).toBe(5);
    expect(store.shownTopic(empty).learnedCards).toBe(0);
  });

  it('shows the server’s counts once it answers, without counting the click again', async () => {
    click({ id: 7, userHasLearned: false });
    // The answer comes before the 350 ms are over; another pupil's device had learned a card too.
    await answer({ [algebra.id]: 4 });
    expect(store.shownTopic(algebra).learnedCards).toBe(4);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(4);
    expect(received).toHaveLength(1);
  });

  it('keeps a card the server cannot mark (a sheet) unlearned', async () => {
    const sheet = { id: 11, userHasLearned: false };
    click(sheet);
    await answer({}, false);
    expect(store.shownLearned(sheet)).toBe(false);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
    expect(received).toHaveLength(1);
  });
});

describe('learned store: fast clicks', () => {
  it('sends one request at a time and then the state the pupil wants now', async () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    click(card);
    expect(store.shownLearned(card)).toBe(false);
    // The unlearn waits for the learn's answer.
    expect(received.map((r) => r.method)).toEqual(['POST']);
    await answer({ [algebra.id]: 3 });
    expect(store.shownLearned(card)).toBe(false);
    expect(received.map((r) => r.method)).toEqual(['POST', 'DELETE']);
    await answer({ [algebra.id]: 2 });
    expect(store.shownLearned(card)).toBe(false);
    expect(waiting).toHaveLength(0);
    expect(received).toHaveLength(2);
  });

  it('does not show the count of a state the pupil already left', async () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    click(card);
    await answer({ [algebra.id]: 3 });
    // The learn's answer says 3, but the card is on its way back: 2 stays.
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
    await answer({ [algebra.id]: 2 });
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
  });

  it('does not move the counts for clicks that cancel out within 350 ms', () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    wait(100);
    click(card);
    wait(500);
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
  });

  it.each([1, 2, 3, 4, 5, 6])('ends in the last clicked state after %i fast clicks', async (clicks) => {
    const card = { id: 7, userHasLearned: false };
    for (let i = 0; i < clicks; i++) click(card);
    const learned = clicks % 2 === 1;
    expect(store.shownLearned(card)).toBe(learned);
    let serverLearned = false;
    let rounds = 0;
    while (waiting.length > 0) {
      // Never two requests for one card at a time.
      expect(waiting).toHaveLength(1);
      // The server answers with the topic's true count for the state it was asked for.
      const asked = waiting[0]!.method === 'POST';
      serverLearned = (await answer({ [algebra.id]: asked ? 3 : 2 })).method === 'POST';
      expect(store.shownLearned(card)).toBe(learned);
      rounds += 1;
      if (rounds > 10) throw new Error('The store keeps sending');
    }
    expect(serverLearned).toBe(learned);
    // An even number of clicks needs the learn and its undo; an odd number only the learn.
    expect(received.map((r) => r.method)).toEqual(learned ? ['POST'] : ['POST', 'DELETE']);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(learned ? 3 : 2);
  });

  it('keeps the requests of different cards apart', async () => {
    const a = { id: 7, userHasLearned: false };
    const b = { id: 9, userHasLearned: true };
    click(a);
    click(b);
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/users/me/cards/7/learn',
      'DELETE /v1/users/me/cards/9/learn',
    ]);
    await answer();
    await answer();
    expect(store.shownLearned(a)).toBe(true);
    expect(store.shownLearned(b)).toBe(false);
  });
});

describe('learned store: failures', () => {
  it('puts the card back when the server refuses, and does not retry', async () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    await fail();
    expect(store.shownLearned(card)).toBe(false);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
    expect(received).toHaveLength(1);
  });

  it('puts the card back to what the server last confirmed', async () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    click(card);
    await answer({ [algebra.id]: 3 }); // learned on the server
    await fail(); // the unlearn fails
    expect(store.shownLearned(card)).toBe(true);
    expect(waiting).toHaveLength(0);
  });

  it('puts the counts back when the server refuses after they moved', async () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(3);
    await fail();
    expect(store.shownLearned(card)).toBe(false);
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
    expect(received).toHaveLength(1);
  });

  it('puts the counts of an unmarked card back when the server refuses after they moved', async () => {
    const card = { id: 8, userHasLearned: true };
    click(card, [algebra, empty]);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(1);
    expect(store.shownTopic(empty).learnedCards).toBe(0);
    await fail();
    expect(store.shownLearned(card)).toBe(true);
    expect(store.shownTopic(algebra).learnedCards).toBe(2);
    // The count could not go below 0, so it does not go up either.
    expect(store.shownTopic(empty).learnedCards).toBe(0);
  });

  it('puts the counts back to the server’s when the second of two requests fails after they moved', async () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    await answer({ [algebra.id]: 4 }); // learned on the server, which counts 4
    click(card);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(3);
    await fail(); // the unlearn fails
    expect(store.shownLearned(card)).toBe(true);
    expect(store.shownTopic(algebra).learnedCards).toBe(4);
  });

  it('keeps the server’s count of a topic when another card in it fails afterwards', async () => {
    const a = { id: 7, userHasLearned: false };
    const b = { id: 9, userHasLearned: false };
    click(a);
    click(b);
    wait(350);
    expect(store.shownTopic(algebra).learnedCards).toBe(4);
    await answer({ [algebra.id]: 3 }); // a is learned on the server, b not (yet)
    expect(store.shownTopic(algebra).learnedCards).toBe(3);
    await fail(); // b's learn fails
    expect(store.shownLearned(a)).toBe(true);
    expect(store.shownLearned(b)).toBe(false);
    expect(store.shownTopic(algebra).learnedCards).toBe(3);
  });

  it('lets the pupil try again after a failure', async () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    await fail();
    click(card);
    expect(store.shownLearned(card)).toBe(true);
    expect(received.map((r) => r.method)).toEqual(['POST', 'POST']);
    await answer({ [algebra.id]: 3 });
    expect(store.shownLearned(card)).toBe(true);
  });
});

describe('learned store: fresh page data (resetLearned)', () => {
  it('forgets its marks and counts once every request is answered', async () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    await answer({ [algebra.id]: 3 });
    act(() => store.resetLearned());
    // The loader's fresh data is the truth now.
    expect(store.shownLearned(card)).toBe(false);
    expect(store.shownTopic(algebra)).toBe(algebra);
    expect(store.shownLearned({ id: 7, userHasLearned: true })).toBe(true);
  });

  it('keeps the marks while a request is on its way', () => {
    const card = { id: 7, userHasLearned: false };
    click(card);
    act(() => store.resetLearned());
    expect(store.shownLearned(card)).toBe(true);
  });
});

describe('useLearnedStore', () => {
  function Mark({ card }: { card: { id: number; userHasLearned: boolean } }) {
    store.useLearnedStore();
    const topic = store.shownTopic(algebra);
    return (
      <p>
        {store.shownLearned(card) ? 'Geleerd' : 'Niet geleerd'} ({topic.learnedCards}/{topic.totalLearnableCards})
      </p>
    );
  }

  it('re-renders a component when a mark or a count changes', async () => {
    const card = { id: 7, userHasLearned: false };
    render(<Mark card={card} />);
    expect(screen.getByText('Niet geleerd (2/5)')).toBeTruthy();
    click(card);
    expect(screen.getByText('Geleerd (2/5)')).toBeTruthy();
    wait(350);
    expect(screen.getByText('Geleerd (3/5)')).toBeTruthy();
    await answer({ [algebra.id]: 4 });
    expect(screen.getByText('Geleerd (4/5)')).toBeTruthy();
  });
});
