import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from './routes.ts';

interface ConfigRoute {
  id?: string;
  path?: string;
  index?: boolean;
  children?: ConfigRoute[];
}

const toObjects = (list: readonly ConfigRoute[]): RouteObject[] =>
  list.map((r) =>
    r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: r.children ? toObjects(r.children) : [] },
  );

const tree: RouteObject[] = [{ id: 'root', path: '', children: toObjects(routes as ConfigRoute[]) }];
/** The id of the route an address is matched to (the deepest). */
const routeOf = (path: string) => matchRoutes(tree, path)?.at(-1)?.route.id;

describe('route manifest (spec §2)', () => {
  it('matches the study area’s pages and their card modal child', () => {
    expect(routeOf('/mijnslaagbundel/24/wiskunde-b-havo')).toBe('subject-overview-index___nl');
    expect(routeOf('/mijnslaagbundel/24')).toBe('subject-overview-index___nl');
    expect(routeOf('/mijnslaagbundel/24/wiskunde-b-havo/kaart/7')).toBe('subject-overview-card___nl');
    expect(routeOf('/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen/kaart/7')).toBe('subject-learn-card___nl');
    expect(routeOf('/mijnslaagbundel/24/wiskunde-b-havo/3/examenbuddy')).toBe('subject-buddy___nl');
    expect(routeOf('/mijnslaagbundel/24/wiskunde-b-havo/3/idioom/kaart/9')).toBe('subject-idioms-card___nl');
    expect(routeOf('/mijnslaagbundel/24/wiskunde-b-havo/maak-de-balans-op/examencheck/5/resultaat')).toBe(
      'subject-check-result___nl',
    );
    expect(routeOf('/mijnslaagbundel/kaart/3')).toBe('area-home-card___nl');
    expect(routeOf('/mijnslaagbundel/article/article-x/x')).toBe('area-article___nl');
  });

  it('keeps the area’s own pages and the secure prefix ahead of a subject page’s /{id}/{slug}', () => {
    expect(routeOf('/mijnslaagbundel/account/profile')).toBe('account-profile___nl');
    expect(routeOf('/mijnslaagbundel/login/registreren')).toBe('area-register___nl');
    expect(routeOf('/mijnslaagbundel/onboarding/stap-1')).toBe('onboarding-stap-1___nl');
    expect(routeOf('/mijnslaagbundel/secure')).toBe('area-secure___nl');
    expect(routeOf('/mijnslaagbundel/secure/account')).toBe('area-secure-page___nl');
    expect(routeOf('/mijnslaagbundel/secure/24/wiskunde-b-havo')).toBe('area-secure-page___nl');
  });
});
