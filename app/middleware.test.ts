import { describe, expect, it } from 'vitest';
import { languageMiddleware, resolveClientMiddleware, resolveServerMiddleware } from './middleware.ts';
import { uiStore } from '#app/lib/ui-store.ts';

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

  it('client middlewares close the mobile menu and modals on navigation', async () => {
    uiStore.setMobileMenu(true);
    uiStore.openModal('marketing-website');
    const args = {} as never;
    for (const mw of resolveClientMiddleware(['mobile-menu', 'close-modals'])) {
      await mw(args, async () => undefined);
    }
    expect(uiStore.getState()).toMatchObject({ mobileMenuOpen: false, openModal: null });
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
