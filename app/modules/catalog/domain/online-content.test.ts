import { describe, expect, it } from 'vitest';
import { onlineContentText } from './online-content.ts';

describe('onlineContentText', () => {
  it('names exactly what the subject has online', () => {
    expect(
      onlineContentText('examenbundel', 'Biologie havo', { cards: 54, tests: 2, idioms: 27, buddy: true }),
    ).toEqual({
      title: 'Online in Mijn Slaagbundel',
      text: 'Met de code in je boek oefen je ook online: 54 leerkaarten, 2 examenchecks, 27 examenwoorden en de examenbuddy voor Biologie havo.',
      available: true,
    });
    expect(onlineContentText('examenbundel', 'X', { cards: 1, tests: 0, idioms: 0, buddy: false })?.text).toContain(
      'online: 1 leerkaart voor X.',
    );
  });

  it('says honestly when a subject has nothing online', () => {
    const text = onlineContentText('examenbundel', 'Economie vmbo basis', null);
    expect(text?.available).toBe(false);
    expect(text?.text).toBe(
      'Voor Economie vmbo basis staan er nog geen leerkaarten of examenchecks in Mijn Slaagbundel. Je oefent met het boek zelf.',
    );
    expect(onlineContentText('examenbundel', 'X', { cards: 0, tests: 0, idioms: 0, buddy: false })?.available).toBe(
      false,
    );
  });

  it('says what a class licence gives each pupil of a class, and until when', () => {
    expect(
      onlineContentText('klaslicentie', 'Wiskunde B havo', { cards: 54, tests: 2, idioms: 27, buddy: true }),
    ).toEqual({
      title: 'Online in Mijn Slaagbundel',
      text: 'Met een klaslicentie krijgt elke leerling van je klas, zolang er plaatsen zijn, volledige toegang tot Wiskunde B havo: 54 leerkaarten, 2 examenchecks, 27 examenwoorden en de examenbuddy, tot en met 31 juli.',
      available: true,
    });
    expect(onlineContentText('klaslicentie', 'X', null)).toMatchObject({
      available: false,
      text: 'Voor X staan er nog geen leerkaarten of examenchecks in Mijn Slaagbundel.',
    });
  });

  it('promises nothing for a product without a licence code', () => {
    expect(onlineContentText('samenvatting', 'X', { cards: 5, tests: 1, idioms: 0, buddy: true })).toBeNull();
    expect(onlineContentText('examenidioom', 'X', null)).toBeNull();
  });
});
