import { describe, expect, it } from 'vitest';
import { canonicalLicenseCode, licenseCodeSchema } from './licenses.ts';

describe('a license code as typed', () => {
  it('an order code: case, spaces, missing hyphens and a missing SB do not matter', () => {
    for (const typed of [
      'sb 62eh ptxn 446k',
      'SB62EHPTXN446K',
      '62eh-ptxn-446k',
      ' 62EH PTXN 446K ',
      'sb-62eh-ptxn-446k',
    ]) {
      expect(canonicalLicenseCode(typed)).toBe('SB-62EH-PTXN-446K');
    }
  });

  it('a printed code keeps its parts; spaces become hyphens; SB is added in front', () => {
    expect(canonicalLicenseCode('sb27 havo wb 0001')).toBe('SB27-HAVO-WB-0001');
    expect(canonicalLicenseCode('27-havo-wb-0001')).toBe('SB27-HAVO-WB-0001');
    expect(canonicalLicenseCode('SB27-HAVO-WB-0001')).toBe('SB27-HAVO-WB-0001');
  });

  it('the one schema of the page and the API does it', () => {
    expect(licenseCodeSchema.parse({ code: 'sb 62eh ptxn 446k' })).toEqual({ code: 'SB-62EH-PTXN-446K' });
  });
});
