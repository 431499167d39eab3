import { describe, expect, it } from 'vitest';
import { existingAccountMail, firstName, mailGreeting } from './mails.ts';

describe('the accounts mails', () => {
  it('greet with the first name, or without a name when there is none', () => {
    expect(firstName('  Sanne de Vries ')).toBe('Sanne');
    expect(firstName('Noor')).toBe('Noor');
    expect(mailGreeting('Lotte van den Berg')).toBe('Hoi Lotte,');
    expect(mailGreeting('   ')).toBe('Hoi,');
    expect(mailGreeting(null)).toBe('Hoi,');
  });

  it('an address that signs up again hears how to sign in or set a new password; never confirmed, gets a link', () => {
    const urls = { signInUrl: 'https://x.nl/login', resetUrl: 'https://x.nl/login/wachtwoord-vergeten' };
    const mail = existingAccountMail({ name: 'Sanne de Vries', email: 'sanne@example.nl', ...urls });
    expect(mail).toMatchObject({ to: 'sanne@example.nl', subject: 'Je hebt al een account – Slaagbundel' });
    expect(mail.text).toMatch(/^Hoi Sanne,\n/);
    expect(mail.text).toContain(urls.signInUrl);
    expect(mail.text).toContain(urls.resetUrl);
    const unconfirmed = existingAccountMail({
      name: 'Sanne',
      email: 'sanne@example.nl',
      ...urls,
      verifyUrl: 'https://x.nl/api/auth/verify-email?token=t',
    });
    expect(unconfirmed.text).toContain('nog niet bevestigd');
    expect(unconfirmed.text).toContain('https://x.nl/api/auth/verify-email?token=t');
  });
});
