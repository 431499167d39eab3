import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildLogoutUrl, buildNoPromptLoginUrl, isSecurePath, withAuthResult } from './auth-urls.ts';

const HOST = 'https://auth.slaagbundel.nl';

describe('buildLogoutUrl (spec §5, §7)', () => {
  it('builds the logout URL with an encoded return url', () => {
    expect(buildLogoutUrl(HOST, '/mijnslaagbundel')).toBe(
      'https://auth.slaagbundel.nl/logout?returnUrl=%2Fmijnslaagbundel',
    );
    expect(buildLogoutUrl(`${HOST}/`, 'https://slaagbundel.nl/a?b=1&c=2')).toBe(
      'https://auth.slaagbundel.nl/logout?returnUrl=https%3A%2F%2Fslaagbundel.nl%2Fa%3Fb%3D1%26c%3D2',
    );
  });

  it.each([undefined, '', '   '])('fails without a return url (%j)', (returnUrl) => {
    expect(() => buildLogoutUrl(HOST, returnUrl)).toThrow(new Error('Please provide a return url'));
  });
});

describe('buildNoPromptLoginUrl (spec §6, §7)', () => {
  it('builds the login URL without prompt', () => {
    expect(buildNoPromptLoginUrl(HOST, '/mijnslaagbundel/secure/boek')).toBe(
      'https://auth.slaagbundel.nl/login?prompt=none&returnUrl=%2Fmijnslaagbundel%2Fsecure%2Fboek',
    );
  });

  it.each([undefined, ''])('fails without a return url (%j)', (returnUrl) => {
    expect(() => buildNoPromptLoginUrl(HOST, returnUrl)).toThrow('Please provide a return url');
  });

  it('keeps the return url recoverable', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        (returnUrl) => {
          for (const url of [buildLogoutUrl(HOST, returnUrl), buildNoPromptLoginUrl(HOST, returnUrl)]) {
            expect(new URL(url).searchParams.get('returnUrl')).toBe(returnUrl);
          }
          expect(new URL(buildNoPromptLoginUrl(HOST, returnUrl)).searchParams.get('prompt')).toBe('none');
        },
      ),
    );
  });
});

describe('isSecurePath (spec §2, §6)', () => {
  it('matches the prefix and paths below it', () => {
    expect(isSecurePath('/mijnslaagbundel/secure')).toBe(true);
    expect(isSecurePath('/mijnslaagbundel/secure/')).toBe(true);
    expect(isSecurePath('/mijnslaagbundel/secure/boek/12')).toBe(true);
  });

  it('does not match other paths', () => {
    for (const path of [
      '/mijnslaagbundel',
      '/mijnslaagbundel/securex',
      '/secure',
      '/mijnslaagbundel/account',
      '/x/mijnslaagbundel/secure',
    ]) {
      expect(isSecurePath(path)).toBe(false);
    }
  });
});

describe('withAuthResult (spec §2, §6)', () => {
  it('marks the return address signed in or not, keeping its query and fragment', () => {
    expect(withAuthResult('/mijnslaagbundel/12/wiskunde?tab=2#kaart', true)).toBe(
      '/mijnslaagbundel/12/wiskunde?tab=2&loggedIn=1#kaart',
    );
    expect(withAuthResult('/mijnslaagbundel', false)).toBe('/mijnslaagbundel?error=login_required');
  });

  it('replaces an earlier result instead of adding a second one', () => {
    expect(withAuthResult('/mijnslaagbundel?error=login_required', true)).toBe('/mijnslaagbundel?loggedIn=1');
  });
});
