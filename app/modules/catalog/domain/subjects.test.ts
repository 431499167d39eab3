import { describe, expect, it } from 'vitest';
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { isProfileLevel, NO_PROFILE } from '#app/platform/profiles.ts';
import { requiredSubjectSlugs } from './subjects.ts';

describe('required subjects', () => {
  it('are Nederlands and Engels at every level without a profile', () => {
    for (const level of LEVEL_ORDER) expect(requiredSubjectSlugs(level, NO_PROFILE)).toEqual(['nederlands', 'engels']);
  });

  it('add the profile’s subjects on havo and vwo', () => {
    expect(requiredSubjectSlugs('havo', 'NT')).toEqual([
      'nederlands',
      'engels',
      'wiskunde-b',
      'natuurkunde',
      'scheikunde',
    ]);
    expect(requiredSubjectSlugs('vwo', 'NG')).toEqual(['nederlands', 'engels', 'biologie', 'scheikunde']);
    expect(requiredSubjectSlugs('havo', 'EM')).toEqual([
      'nederlands',
      'engels',
      'economie',
      'wiskunde-a',
      'geschiedenis',
    ]);
    expect(requiredSubjectSlugs('vwo', 'CM')).toEqual(['nederlands', 'engels', 'geschiedenis']);
  });

  it('ignore a profile on a vmbo level', () => {
    expect(requiredSubjectSlugs('vmbo-gl-tl', 'NT')).toEqual(['nederlands', 'engels']);
  });

  it('know which levels have profiles', () => {
    expect(LEVEL_ORDER.filter(isProfileLevel)).toEqual(['havo', 'vwo']);
  });
});
