import { describe, expect, it } from 'vitest';
import { afterLoginPath, areaGuard, isOnboardingStep, isSignedInAreaPath, loginRedirect } from './area-guard.ts';

const user = (onboardingCompleted: boolean) => ({ kind: 'user', onboardingCompleted }) as const;

describe('areaGuard (spec §2 route guard, in order)', () => {
  it('lets a visitor see the login pages and sends them there from anywhere else, with from', () => {
    expect(areaGuard('/mijnslaagbundel/login', '', { kind: 'anonymous' })).toBeNull();
    expect(areaGuard('/mijnslaagbundel/login/registreren', '', { kind: 'anonymous' })).toBeNull();
    expect(areaGuard('/mijnslaagbundel/account/profile', '?tab=1', { kind: 'anonymous' })).toBe(
      '/mijnslaagbundel/login?from=%2Fmijnslaagbundel%2Faccount%2Fprofile%3Ftab%3D1',
    );
    expect(areaGuard('/mijnslaagbundel', '', { kind: 'anonymous' })).toBe(
      '/mijnslaagbundel/login?from=%2Fmijnslaagbundel',
    );
  });

  it('drops the auth host result parameters from from', () => {
    expect(areaGuard('/mijnslaagbundel/account', '?error=login_required&x=1', { kind: 'anonymous' })).toBe(
      '/mijnslaagbundel/login?from=%2Fmijnslaagbundel%2Faccount%3Fx%3D1',
    );
  });

  it('sends a signed-in user from the login route to the area home (rule 5)', () => {
    expect(areaGuard('/mijnslaagbundel/login', '', user(true))).toBe('/mijnslaagbundel');
    expect(areaGuard('/mijnslaagbundel/login/', '', user(false))).toBe('/mijnslaagbundel');
  });

  it('sends to login with from when the user could not be loaded (rule 6), without from on login', () => {
    expect(areaGuard('/mijnslaagbundel/account', '', { kind: 'failed' })).toBe(
      '/mijnslaagbundel/login?from=%2Fmijnslaagbundel%2Faccount',
    );
    expect(loginRedirect('/mijnslaagbundel/login')).toBe('/mijnslaagbundel/login');
    // …and may see the login page then, so the two never send each other back and forth.
    expect(areaGuard('/mijnslaagbundel/login', '?from=%2Fmijnslaagbundel', { kind: 'failed' })).toBeNull();
  });

  it('sends an unfinished onboarding to stap-1 from every other route (rule 3)', () => {
    expect(areaGuard('/mijnslaagbundel', '', user(false))).toBe('/mijnslaagbundel/onboarding/stap-1');
    expect(areaGuard('/mijnslaagbundel/account', '', user(false))).toBe('/mijnslaagbundel/onboarding/stap-1');
    expect(areaGuard('/mijnslaagbundel/onboarding', '', user(false))).toBe('/mijnslaagbundel/onboarding/stap-1');
    expect(areaGuard('/mijnslaagbundel/onboarding/stap-1', '', user(false))).toBeNull();
    expect(areaGuard('/mijnslaagbundel/onboarding/stap-3/profielen', '', user(false))).toBeNull();
  });

  it('sends a finished onboarding from any onboarding route to the profile page (rule 4)', () => {
    for (const path of [
      '/mijnslaagbundel/onboarding',
      '/mijnslaagbundel/onboarding/stap-1',
      '/mijnslaagbundel/onboarding/stap-4',
    ]) {
      expect(areaGuard(path, '', user(true))).toBe('/mijnslaagbundel/account/profile');
    }
  });

  it('shows every other route to a user who finished the onboarding', () => {
    expect(areaGuard('/mijnslaagbundel', '', user(true))).toBeNull();
    expect(areaGuard('/mijnslaagbundel/12/wiskunde-b', '', user(true))).toBeNull();
  });

  it('tells onboarding steps from the onboarding index', () => {
    expect(isOnboardingStep('/mijnslaagbundel/onboarding')).toBe(false);
    expect(isOnboardingStep('/mijnslaagbundel/onboarding/stap-1b')).toBe(true);
    expect(isOnboardingStep('/mijnslaagbundel/account/stap-1')).toBe(false);
  });
});

describe('afterLoginPath', () => {
  it('returns to a path on this site and nowhere else', () => {
    expect(afterLoginPath('/mijnslaagbundel/account?x=1')).toBe('/mijnslaagbundel/account?x=1');
    expect(afterLoginPath('/winkelwagen')).toBe('/winkelwagen');
    expect(afterLoginPath('//evil.example')).toBe('/mijnslaagbundel');
    expect(afterLoginPath('/\\evil.example')).toBe('/mijnslaagbundel');
    expect(afterLoginPath('https://evil.example')).toBe('/mijnslaagbundel');
    expect(afterLoginPath('/mijnslaagbundel/login')).toBe('/mijnslaagbundel');
    expect(afterLoginPath(null)).toBe('/mijnslaagbundel');
  });
});

describe('isSignedInAreaPath', () => {
  it('is every page behind the guard, not the login pages open to visitors nor pages outside the area', () => {
    for (const path of ['/mijnslaagbundel', '/mijnslaagbundel/', '/mijnslaagbundel/24/x', '/mijnslaagbundel/account']) {
      expect(isSignedInAreaPath(path), path).toBe(true);
    }
    for (const path of [
      '/mijnslaagbundel/login',
      '/mijnslaagbundel/login/registreren',
      '/producten',
      '/mijnslaagbundelx',
    ]) {
      expect(isSignedInAreaPath(path), path).toBe(false);
    }
  });
});
