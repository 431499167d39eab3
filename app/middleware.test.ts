import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageMiddleware, resolveClientMiddleware, resolveServerMiddleware } from './middleware.ts';
import { uiStore } from '#app/ui/ui-store.ts';

describe('middleware registry', () => {
  it('resolves the named middlewares of spec §2', () => {
    expect(resolveServerMiddleware(['language'])).toEqual([languageMiddleware]);
    expect(resolveClientMiddleware(['mobile-menu', 'close-modals'])).toHaveLength(2);
  });

  it("answers an unknown middleware with 500 'Unknown middleware {name}' (spec §8)", async () => {
    let thrown: unknown;
    try {
      resolveServerMiddleware(['language', 'authenticatd']);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(500);
    expect(await (thrown as Response).text()).toBe('Unknown middleware authenticatd');
  });

  describe('client middlewares', () => {
    const shown = new URL('http://localhost/examentips?page=2');
    const run = async (request: Request) => {
      for (const mw of resolveClientMiddleware(['mobile-menu', 'close-modals'])) {
        await mw({ request } as never, async () => undefined);
      }
    };
    beforeEach(() => {
      vi.stubGlobal('window', { location: shown });
      uiStore.setMobileMenu(true);
      uiStore.openModal('marketing-website');
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      uiStore.closeModal();
    });

    it('close the mobile menu and modals on navigation to another page', async () => {
      await run(new Request('http://localhost/contact'));
      expect(uiStore.getState()).toMatchObject({ mobileMenuOpen: false, openModal: null });
    });

    it('close them when only the query changes', async () => {
      await run(new Request('http://localhost/examentips?page=3'));
      expect(uiStore.getState().openModal).toBeNull();
    });

    it('keep a modal open for a fetcher post from it, or a revalidation of the page shown', async () => {
      await run(new Request('http://localhost/mijnslaagbundel/login', { method: 'POST', body: 'x' }));
      expect(uiStore.getState().openModal).toBe('marketing-website');
      await run(new Request(shown));
      expect(uiStore.getState().openModal).toBe('marketing-website');
    });
  });
});

describe('language middleware', () => {
  it('states the single locale of every page and leaves cookies to the server layer', async () => {
    const request = new Request('http://localhost/');
    const response = (await languageMiddleware({ request } as never, async () => new Response('ok'))) as Response;
    expect(response.headers.get('Content-Language')).toBe('nl-NL');
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
