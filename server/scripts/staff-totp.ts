/**
 * `npm run staff:totp -- --email beheer@slaagbundel.test`: the current TOTP code of a DEMO staff member, from the
 * fixed secret the demo seed gave them (server/seed/demo-staff.ts, README). Real staff have their own secret in
 * their authenticator app; this knows only the demo's.
 */
import { parseArgs } from 'node:util';
import { createOTP } from '@better-auth/utils/otp';
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
const member = DEMO_STAFF.find((m) => m.email === values.email?.trim().toLowerCase());
if (!member) {
  console.error(`Usage: npm run staff:totp -- --email ${DEMO_STAFF.map((m) => m.email).join('|')}`);
  process.exit(2);
}
const code = await createOTP(member.totpSecret, { digits: 6, period: 30 }).totp();
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${code}  (${member.email}, ${member.role}; valid for ${left} more seconds)`);
