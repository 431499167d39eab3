// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uiStore } from '#app/ui/ui-store.ts';
import { DialogHost } from './dialog-host.tsx';

beforeAll(() => {
  // jsdom has no modal dialogs; the element only needs to open and close.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

describe('DialogHost', () => {
  it('shows OK and Cancel for a dialog; OK resolves true', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = uiStore.dialog({
        type: 'dialog',
        title: 'Vak verwijderen?',
        message: '<p>Je voortgang blijft bewaard.</p>',
      });
    });
    expect(await screen.findByRole('heading', { name: 'Vak verwijderen?' })).toBeTruthy();
    expect(screen.getByText('Je voortgang blijft bewaard.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('heading', { name: 'Vak verwijderen?' })).toBeNull();
  });

  it('Cancel resolves false', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = uiStore.dialog({ type: 'dialog', title: 'Zeker?', message: '', cancelLabel: 'Nee' });
    });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Nee' })));
    await expect(answer).resolves.toBe(false);
  });

  it('an alert has only OK', async () => {
    render(<DialogHost />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = uiStore.dialog({ type: 'alert', title: 'Gelukt', message: '<p>Opgeslagen.</p>', confirmLabel: 'Top' });
    });
    expect(screen.queryByRole('button', { name: 'Annuleren' })).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Top' })));
    await expect(answer).resolves.toBe(true);
  });
});
