import { useSyncExternalStore } from 'react';
import { NOTIFICATION_TIMEOUT_MS } from '#app/platform/constants.ts';

export type NotificationType = 'success' | 'error' | 'info';

export interface Notification {
  id: number;
  type: NotificationType;
  message: string;
}

export interface DialogRequest {
  id: number;
  type: 'dialog' | 'alert';
  title: string;
  /** Trusted HTML from our own code or content service (spec §3 "Dialog data"). */
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  resolve: (answer: boolean) => void;
}

export interface UiState {
  mobileMenuOpen: boolean;
  /** Id of the open modal, if any. */
  openModal: string | null;
  dialog: DialogRequest | null;
  notifications: Notification[];
}

const initial: UiState = { mobileMenuOpen: false, openModal: null, dialog: null, notifications: [] };

/**
 * The client UI state of spec §4 (mobile menu, modal, dialog, notifications)
 * in one small external store, so route middleware can close things without
 * React context.
 */
export function createUiStore(schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  let state = initial;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<UiState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  const store = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMobileMenu(open: boolean) {
      if (state.mobileMenuOpen !== open) set({ mobileMenuOpen: open });
    },
    openModal(id: string) {
      set({ openModal: id });
    },
    closeModal() {
      if (state.openModal !== null) set({ openModal: null });
    },
    /** Opens a dialog; resolves true on OK, false on Cancel or close (spec §4). */
    dialog(
      request: Omit<DialogRequest, 'id' | 'resolve' | 'confirmLabel' | 'cancelLabel'> & {
        confirmLabel?: string;
        cancelLabel?: string;
      },
    ): Promise<boolean> {
      state.dialog?.resolve(false);
      return new Promise<boolean>((resolve) => {
        set({
          dialog: {
            confirmLabel: 'OK',
            cancelLabel: 'Annuleren',
            ...request,
            id: nextId++,
            resolve,
          },
        });
      });
    },
    answerDialog(answer: boolean) {
      const current = state.dialog;
      if (!current) return;
      set({ dialog: null });
      current.resolve(answer);
    },
    /** Shows a notification that closes itself after 4000 ms (spec §9). */
    notify(type: NotificationType, message: string) {
      const id = nextId++;
      set({ notifications: [...state.notifications, { id, type, message }] });
      schedule(() => store.dismiss(id), NOTIFICATION_TIMEOUT_MS);
      return id;
    },
    dismiss(id: number) {
      if (state.notifications.some((n) => n.id === id)) {
        set({ notifications: state.notifications.filter((n) => n.id !== id) });
      }
    },
    /** Route change (spec §2): close the mobile menu and every modal. */
    closeAllOnNavigation() {
      if (state.dialog) store.answerDialog(false);
      if (state.mobileMenuOpen || state.openModal !== null) set({ mobileMenuOpen: false, openModal: null });
    },
  };
  return store;
}

/** The browser's single store; the server renders with the initial state. */
export const uiStore = createUiStore();

export function useUi<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(
    uiStore.subscribe,
    () => select(uiStore.getState()),
    () => select(initial),
  );
}

/** The account modal (spec §2, §9): sign in or create an account from the shop without leaving the page. */
export const ACCOUNT_MODAL_ID = 'account';

/** The add-to-cart modal (spec §2): what was added, the cart's count and the next discount tier. */
export const ADD_TO_CART_MODAL_ID = 'add-to-cart';
