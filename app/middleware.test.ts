import { describe, expect, it } from 'vitest';
import { languageMiddleware, resolveClientMiddleware, resolveServerMiddleware } from './middleware.ts';
import { uiStore } from './lib/ui-store.ts';

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
  const run = async (cookie?: string) => {
    const request = new Request('http://localhost/', { headers: cookie ? { Cookie: cookie } : {} });
    const response = await languageMiddleware({ request } as never, async () => new Response('ok'));
    return (response as Response).headers.getSetCookie();
  };

  it('sets locale nl, currency EUR and country NL for a year', async () => {
    expect(await run()).toEqual([
      'vsf-locale=nl; Max-Age=31536000; Path=/; SameSite=Lax',
      'vsf-currency=EUR; Max-Age=31536000; Path=/; SameSite=Lax',
      'vsf-country=NL; Max-Age=31536000; Path=/; SameSite=Lax',
    ]);
  });

  it('leaves cookies that are already right alone', async () => {
    expect(await run('vsf-locale=nl; vsf-currency=EUR; vsf-country=NL')).toEqual([]);
    expect(await run('vsf-locale=en; vsf-currency=EUR; vsf-country=NL')).toHaveLength(1);
  });
});
