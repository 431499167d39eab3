import { describe, expect, it } from 'vitest';
import { createUiStore } from './ui-store.ts';

function manualClock() {
  const timers: { at: number; fn: () => void }[] = [];
  let now = 0;
  return {
    schedule: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
  };
}

describe('ui store', () => {
  it('closes the menu and modals on navigation', () => {
    const store = createUiStore();
    store.setMobileMenu(true);
    store.openModal('marketing');
    store.closeAllOnNavigation();
    expect(store.getState()).toMatchObject({ mobileMenuOpen: false, openModal: null });
  });

  it('resolves a dialog true on OK and false on cancel or navigation', async () => {
    const store = createUiStore();
    const ok = store.dialog({ type: 'dialog', title: 'Zeker?', message: '<p>Weg?</p>' });
    store.answerDialog(true);
    await expect(ok).resolves.toBe(true);
    const cancelled = store.dialog({ type: 'dialog', title: 'Zeker?', message: '' });
    store.answerDialog(false);
    await expect(cancelled).resolves.toBe(false);
    const navigated = store.dialog({ type: 'alert', title: 'Let op', message: '' });
    store.closeAllOnNavigation();
    await expect(navigated).resolves.toBe(false);
    expect(store.getState().dialog).toBeNull();
  });

  it('answers a replaced dialog with false', async () => {
    const store = createUiStore();
    const first = store.dialog({ type: 'dialog', title: 'Eerste', message: '' });
    store.dialog({ type: 'dialog', title: 'Tweede', message: '' });
    await expect(first).resolves.toBe(false);
    expect(store.getState().dialog?.title).toBe('Tweede');
  });

  it('closes notifications after exactly 4000 ms', () => {
    const clock = manualClock();
    const store = createUiStore(clock.schedule);
    store.notify('error', 'Er is iets helaas niet goed gegaan, probeer het op een later moment.');
    clock.advance(3999);
    expect(store.getState().notifications).toHaveLength(1);
    clock.advance(1);
    expect(store.getState().notifications).toHaveLength(0);
  });
});
