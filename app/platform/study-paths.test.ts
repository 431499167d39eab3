import { describe, expect, it } from 'vitest';
import {
  isSubjectView,
  keepsAreaData,
  opensCardModal,
  reviewSessionPath,
  subjectIdOfPath,
  withoutCardModal,
} from '#app/platform/study-paths.ts';

const url = (path: string) => new URL(path, 'https://www.slaagbundel.nl');

describe('subject page addresses', () => {
  it('reads the subject id of a subject page and of its children, and of nothing else', () => {
    expect(subjectIdOfPath('/mijnslaagbundel/24/wiskunde-b-havo')).toBe(24);
    expect(subjectIdOfPath('/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen/kaart/7')).toBe(24);
    expect(subjectIdOfPath('/mijnslaagbundel/24')).toBe(24);
    expect(subjectIdOfPath('/mijnslaagbundel')).toBeNull();
    expect(subjectIdOfPath('/mijnslaagbundel/account')).toBeNull();
    expect(subjectIdOfPath('/mijnslaagbundel/240x/y')).toBeNull();
    expect(subjectIdOfPath('/producten/24/x')).toBeNull();
    expect(isSubjectView('/mijnslaagbundel/3/biologie-havo/ook-handig')).toBe(true);
    expect(isSubjectView('/mijnslaagbundel/login')).toBe(false);
  });

  it('the page under a card modal is its address without kaart/{id}', () => {
    expect(withoutCardModal('/mijnslaagbundel/24/wiskunde-b-havo/kaart/7')).toBe('/mijnslaagbundel/24/wiskunde-b-havo');
    expect(withoutCardModal('/mijnslaagbundel/kaart/7')).toBe('/mijnslaagbundel');
  });
});

describe('opensCardModal (a page under a card keeps its data)', () => {
  const learn = '/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen';

  it('is a card opened over the page it is on, or the next card over the same page, with the same query', () => {
    expect(opensCardModal(url(`${learn}?sections[]=uitleg`), url(`${learn}/kaart/7?sections[]=uitleg`))).toBe(true);
    expect(opensCardModal(url(`${learn}/kaart/7`), url(`${learn}/kaart/8`))).toBe(true);
    expect(opensCardModal(url('/mijnslaagbundel'), url('/mijnslaagbundel/kaart/7'))).toBe(true);
  });

  it('is the review session opened over the page, whatever its query (issue 34)', () => {
    const subject = '/mijnslaagbundel/24/wiskunde-b-havo';
    expect(reviewSessionPath('/mijnslaagbundel', 24)).toBe('/mijnslaagbundel/herhalen?vak=24');
    expect(reviewSessionPath(subject)).toBe(`${subject}/herhalen`);
    expect(withoutCardModal(`${subject}/herhalen`)).toBe(subject);
    expect(opensCardModal(url('/mijnslaagbundel'), url('/mijnslaagbundel/herhalen?vak=24'))).toBe(true);
    expect(opensCardModal(url(subject), url(`${subject}/herhalen?sessie=1&kaarten=3.4`))).toBe(true);
    // Leaving it shows the page again, as it is now.
    expect(opensCardModal(url('/mijnslaagbundel/herhalen?vak=24&sessie=1&kaarten='), url('/mijnslaagbundel'))).toBe(
      false,
    );
    expect(opensCardModal(url(learn), url(`${subject}/herhalen`))).toBe(false);
  });

  it('is not closing a card, another page, or another query: those show something new', () => {
    expect(opensCardModal(url(`${learn}/kaart/7`), url(learn))).toBe(false);
    expect(opensCardModal(url(learn), url('/mijnslaagbundel/24/wiskunde-b-havo/kaart/7'))).toBe(false);
    expect(opensCardModal(url(learn), url(`${learn}/kaart/7?hideLearned=true`))).toBe(false);
    expect(opensCardModal(url(learn), url('/mijnslaagbundel/24/wiskunde-b-havo/maak-de-balans-op'))).toBe(false);
  });
});

describe('keepsAreaData (the area layout keeps the user and their subjects)', () => {
  // The guard's own rule (app/modules/sign-in): every area page but the login pages.
  const signedIn = (path: string) => path.startsWith('/mijnslaagbundel') && !path.startsWith('/mijnslaagbundel/login');
  const keeps = (from: string, to: string) => keepsAreaData(url(from), url(to), signedIn);
  const subject = '/mijnslaagbundel/24/wiskunde-b-havo';

  it("keeps them on a click to a page that does not show the subjects' grades", () => {
    expect(keeps('/mijnslaagbundel', subject)).toBe(true);
    expect(keeps(subject, '/mijnslaagbundel/planning')).toBe(true);
    expect(keeps('/mijnslaagbundel/planning', '/mijnslaagbundel/cijfers')).toBe(true);
    expect(keeps(`${subject}/maak-de-balans-op`, '/mijnslaagbundel/klassen')).toBe(true);
    expect(keeps('/mijnslaagbundel/account', '/mijnslaagbundel/ouders')).toBe(true);
  });

  it('reads them again for the area home (and a card or the session over it), the account pages and the onboarding', () => {
    expect(keeps('/mijnslaagbundel/planning', '/mijnslaagbundel')).toBe(false);
    expect(keeps(subject, '/mijnslaagbundel/')).toBe(false);
    expect(keeps(subject, '/mijnslaagbundel/kaart/7')).toBe(false);
    expect(keeps(subject, '/mijnslaagbundel/herhalen?vak=24')).toBe(false);
    expect(keeps(subject, '/mijnslaagbundel/account')).toBe(false);
    expect(keeps(subject, '/mijnslaagbundel/account/mijn-vakken-boeken')).toBe(false);
    expect(keeps('/mijnslaagbundel/planning', '/mijnslaagbundel/onboarding/stap-2')).toBe(false);
  });

  it('reads them again on the way into or out of the login pages, and from outside the area', () => {
    expect(keeps('/mijnslaagbundel/login', '/mijnslaagbundel/planning')).toBe(false);
    expect(keeps('/mijnslaagbundel/planning', '/mijnslaagbundel/login')).toBe(false);
    expect(keeps('/producten', '/mijnslaagbundel/planning')).toBe(false);
  });
});
