import { describe, expect, it } from 'vitest';
import { consentChoiceSchema, consentReceiptSchema, consentSchema } from './consent.ts';

const visitorId = '5f0c7c7e-2a5b-4d8e-9a57-5d0b8c6f2e11';

describe('consentSchema (spec §4, §5)', () => {
  it.each(['1,2,3', '1,2', '1'])('accepts category %j with a visitor id', (category) => {
    expect(consentSchema.parse({ category, visitorId })).toEqual({ category, visitorId });
  });

  it.each([undefined, '', '2', '1,3', 'complete', 1])("rejects category %j with 'Maak een keuze.'", (category) => {
    const result = consentSchema.safeParse({ category, visitorId });
    expect(result.error?.issues).toMatchObject([{ path: ['category'], message: 'Maak een keuze.' }]);
  });

  it.each([undefined, '', 'visitor-1', '5f0c7c7e2a5b4d8e9a575d0b8c6f2e11', 42])('rejects visitor id %j', (id) => {
    const result = consentSchema.safeParse({ category: '1', visitorId: id });
    expect(result.error?.issues).toMatchObject([{ path: ['visitorId'], message: 'Ongeldige bezoekerscode.' }]);
  });

  it('drops unknown fields (nothing else about the visitor is kept)', () => {
    expect(consentSchema.parse({ category: '1', visitorId, ip: '1.2.3.4' })).toEqual({ category: '1', visitorId });
  });
});

describe('consentChoiceSchema: the cookie notice field', () => {
  it('is the category of the one consent schema', () => {
    expect(consentChoiceSchema.parse({ category: '1,2' })).toEqual({ category: '1,2' });
    expect(consentChoiceSchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(['Maak een keuze.']);
  });
});

describe('consentReceiptSchema', () => {
  it('describes the answer', () => {
    const receipt = {
      category: '1,2',
      value: '*,1,2,GTM:1',
      createdAt: '2027-01-01T10:00:00.000Z',
      confirmedAt: '2027-01-02T10:00:00.000Z',
    };
    expect(consentReceiptSchema.parse(receipt)).toEqual(receipt);
  });
});
