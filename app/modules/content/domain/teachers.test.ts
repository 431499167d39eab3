import { describe, expect, it } from 'vitest';
import {
  pupilsText,
  QUOTE_PATH,
  quoteExamYears,
  quoteHref,
  quoteMessageText,
  quotePrefill,
  TEACHERS_PATH,
} from './teachers.ts';

describe('the quote request for a class licence (issue 31)', () => {
  it('lives under the page for teachers', () => {
    expect(TEACHERS_PATH).toBe('/voor-docenten');
    expect(QUOTE_PATH).toBe('/voor-docenten/offerte');
  });

  it('offers this school year’s exam year and the two after', () => {
    expect(quoteExamYears(2027)).toEqual([2027, 2028, 2029]);
  });

  it('is linked to filled in with a class licence’s subject and exam year', () => {
    expect(quoteHref({})).toBe('/voor-docenten/offerte');
    expect(quoteHref({ subject: 'Wiskunde B havo', examYear: '2027' })).toBe(
      '/voor-docenten/offerte?vak=Wiskunde+B+havo&examenjaar=2027',
    );
    expect(quoteHref({ subject: 'Nederlands vmbo gl/tl', examYear: null })).toBe(
      '/voor-docenten/offerte?vak=Nederlands+vmbo+gl%2Ftl',
    );
  });

  it('takes from a link only a subject of the field’s length and an exam year it offers', () => {
    const years = [2027, 2028, 2029];
    expect(quotePrefill(new URLSearchParams('vak=+Wiskunde+B+havo+&examenjaar=2028'), years)).toEqual({
      subject: 'Wiskunde B havo',
      examYear: 2028,
    });
    expect(quotePrefill(new URLSearchParams(`vak=${'x'.repeat(300)}&examenjaar=1999`), years)).toEqual({
      subject: 'x'.repeat(100),
      examYear: null,
    });
    expect(quotePrefill(new URLSearchParams(''), years)).toEqual({ subject: '', examYear: null });
  });

  it('is stored in the contact inbox as one line a field, then the remark', () => {
    const request = {
      name: 'Anna de Groot',
      email: 'a.degroot@school.nl',
      school: 'Demo College, Utrecht',
      subject: 'Wiskunde B havo',
      examYear: 2027,
      pupils: 28,
    };
    expect(quoteMessageText(request)).toBe(
      'Offerteaanvraag klaslicentie\nSchool: Demo College, Utrecht\nVak en niveau: Wiskunde B havo\nExamenjaar: 2027\nAantal leerlingen: 28',
    );
    expect(quoteMessageText({ ...request, message: 'Ook voor H4.' })).toMatch(/Aantal leerlingen: 28\n\nToelichting:\nOok voor H4\.$/);
    expect(pupilsText(1)).toBe('1 leerling');
    expect(pupilsText(28)).toBe('28 leerlingen');
  });
});
