import { describe, expect, it } from 'vitest';
import { showsHelperWidget } from './helper-widget-rule.ts';

describe('showsHelperWidget (spec §2)', () => {
  it('shows on the area home, the account and the login pages', () => {
    for (const path of [
      '/mijnslaagbundel',
      '/mijnslaagbundel/account',
      '/mijnslaagbundel/login',
      '/mijnslaagbundel/kaart/3',
    ]) {
      expect(showsHelperWidget(path), path).toBe(true);
    }
  });

  it('hides on the subject view and its children, and during onboarding', () => {
    for (const path of [
      '/mijnslaagbundel/24',
      '/mijnslaagbundel/24/wiskunde-b-havo',
      '/mijnslaagbundel/24/wiskunde-b-havo/leren-en-oefenen/kaart/7',
      '/mijnslaagbundel/onboarding',
      '/mijnslaagbundel/onboarding/stap-3/profielen',
    ]) {
      expect(showsHelperWidget(path), path).toBe(false);
    }
  });
});
