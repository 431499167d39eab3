import { describe, expect, it } from 'vitest';
import {
  confirmLinkExpired,
  NEWSLETTER_SOURCE_PATTERN,
  normaliseEmail,
  resendCutoff,
  tokenLink,
} from './newsletter.ts';

const at = new Date('2026-11-23T12:00:00Z');
const daysLater = (days: number) => new Date(at.getTime() + days * 24 * 60 * 60 * 1000);

describe('the newsletter rules', () => {
  it('lets a confirmation link work for 7 days', () => {
    expect(confirmLinkExpired(at, at)).toBe(false);
    expect(confirmLinkExpired(at, daysLater(7))).toBe(false);
    expect(confirmLinkExpired(at, new Date(daysLater(7).getTime() + 1))).toBe(true);
  });

  it('waits 5 minutes before a new confirmation mail replaces the last one', () => {
    expect(resendCutoff(at)).toEqual(new Date('2026-11-23T11:55:00Z'));
  });

  it('compares addresses trimmed and in lower case', () => {
    expect(normaliseEmail('  Sanne.de.Vries@Example.NL ')).toBe('sanne.de.vries@example.nl');
  });

  it('builds absolute links with the token encoded', () => {
    expect(tokenLink('https://www.slaagbundel.nl/', '/nieuwsbrief/bevestigen', 'a_b-C')).toBe(
      'https://www.slaagbundel.nl/nieuwsbrief/bevestigen?token=a_b-C',
    );
    expect(tokenLink('http://localhost:3000', '/nieuwsbrief/afmelden', 'a+b')).toBe(
      'http://localhost:3000/nieuwsbrief/afmelden?token=a%2Bb',
    );
  });

  it('knows a sign-up source when it sees one', () => {
    for (const source of ['page', 'footer', 'confirm-link', 'article:examenplanning-maken', 'article:2026/tips']) {
      expect(NEWSLETTER_SOURCE_PATTERN.test(source), source).toBe(true);
    }
    for (const source of ['', 'Footer', 'article:', 'article:-x', 'foot er', '<script>', 'a:b:c d']) {
      expect(NEWSLETTER_SOURCE_PATTERN.test(source), source).toBe(false);
    }
  });
});
