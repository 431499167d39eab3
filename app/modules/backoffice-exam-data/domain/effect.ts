/**
 * What a timetable change does to the plans (issue 35): the sentence staff read before they approve it, e.g.
 * "Verplaatst de examendatum van 1.240 leerlingen. Wiskunde B havo: van vrijdag 14 mei naar woensdag 12 mei 2027
 * (1.240 leerlingen); hun planning vraagt vanaf morgen gemiddeld 3 nieuwe kaarten per dag meer."
 */

/** One subject's moved date and its pupils (exam-data's DateMove). */
interface DateMove {
  name: string;
  examYear: number;
  from: string;
  to: string;
  pupils: number;
  newPerDayBefore: number | null;
  newPerDayAfter: number | null;
  sampled: number;
}

const whole = new Intl.NumberFormat('nl-NL');
const oneDecimal = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const weekdayDate = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "woensdag 12 mei 2027". */
export const longDate = (date: string) => weekdayDate.format(new Date(`${date}T00:00:00Z`));

const pupilsText = (n: number) => `${whole.format(n)} ${n === 1 ? 'leerling' : 'leerlingen'}`;

/** One moved subject as a sentence. */
export function moveSentence(move: DateMove): string {
  const dates = `${move.name} (examen ${move.examYear}): van ${longDate(move.from)} naar ${longDate(move.to)}`;
  if (move.pupils === 0) return `${dates} (nu geen leerlingen).`;
  let perDay = '';
  if (move.newPerDayBefore !== null && move.newPerDayAfter !== null) {
    const delta = move.newPerDayAfter - move.newPerDayBefore;
    const sampled = move.sampled < move.pupils ? ` (berekend op ${pupilsText(move.sampled)})` : '';
    perDay =
      Math.abs(delta) < 0.05
        ? `; hun planning blijft gemiddeld ${oneDecimal.format(move.newPerDayAfter)} nieuwe kaarten per dag vragen${sampled}`
        : `; hun planning vraagt vanaf morgen gemiddeld ${oneDecimal.format(Math.abs(delta))} nieuwe ${
            Math.abs(delta) === 1 ? 'kaart' : 'kaarten'
          } per dag ${delta > 0 ? 'meer' : 'minder'} (${oneDecimal.format(move.newPerDayAfter)} in plaats van ${oneDecimal.format(move.newPerDayBefore)})${sampled}`;
  }
  return `${dates} (${pupilsText(move.pupils)})${perDay}.`;
}

/** The whole effect in one line before the details. */
export function effectSummary(moves: readonly DateMove[], pupils: number): string {
  if (moves.length === 0) return 'Deze wijziging verplaatst geen examendatum: geen planning verandert.';
  return `Verplaatst de examendatum van ${pupilsText(pupils)} in ${moves.length} ${
    moves.length === 1 ? 'vak' : 'vakken'
  }; hun planning gebruikt de nieuwe datum direct na publicatie.`;
}
