import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { mayUse, secretInGroups, STAFF_ROLES } from './roles.ts';

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves out undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson('x')).toBe('"x"');
  });
});

describe('the access table', () => {
  it('lets every role see the home and only admins manage staff and read the audit log', () => {
    for (const role of STAFF_ROLES) {
      expect(mayUse(role, 'home')).toBe(true);
      expect(mayUse(role, 'listAudit')).toBe(role === 'admin');
      expect(mayUse(role, 'inviteStaff')).toBe(role === 'admin');
    }
  });
});

describe('secretInGroups', () => {
  it('groups the base32 secret of an otpauth URI by four', () => {
    expect(secretInGroups('otpauth://totp/Slaagbundel:a%40b.nl?secret=jbswy3dpehpk3pxp&issuer=Slaagbundel')).toBe(
      'JBSW Y3DP EHPK 3PXP',
    );
  });
});
