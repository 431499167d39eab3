/** What a subject has online in Mijn Slaagbundel (counted from the study content; null: nothing). */
export type OnlineContentCounts = { cards: number; tests: number; idioms: number; buddy: boolean };

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

function list(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`;
}

/**
 * Only an exam bundle comes with a licence code for Mijn Slaagbundel (a paid
 * order or a redeemed code opens its subject), and a class licence opens it
 * for the pupils of a class (issue 31); a summary or an idiom book does not.
 */
export const opensStudyArea = (productType: string): boolean =>
  productType === 'examenbundel' || productType === 'klaslicentie';

/**
 * What a product's page says about Mijn Slaagbundel, exactly as the subject
 * has it: null for a product without a licence code (nothing is promised), the
 * counts for a subject with online content, an honest "not for this subject"
 * otherwise.
 */
export function onlineContentText(
  productType: string,
  subjectLabel: string,
  online: OnlineContentCounts | null,
): { title: string; text: string; available: boolean } | null {
  if (!opensStudyArea(productType)) return null;
  const parts = online
    ? [
        ...(online.cards > 0 ? [count(online.cards, 'leerkaart', 'leerkaarten')] : []),
        ...(online.tests > 0 ? [count(online.tests, 'examencheck', 'examenchecks')] : []),
        ...(online.idioms > 0 ? [count(online.idioms, 'examenwoord', 'examenwoorden')] : []),
        ...(online.buddy ? ['de examenbuddy'] : []),
      ]
    : [];
  if (parts.length === 0)
    return {
      title: 'Geen online oefenmateriaal',
      text:
        productType === 'klaslicentie'
          ? `Voor ${subjectLabel} staan er nog geen leerkaarten of examenchecks in Mijn Slaagbundel.`
          : `Voor ${subjectLabel} staan er nog geen leerkaarten of examenchecks in Mijn Slaagbundel. Je oefent met het boek zelf.`,
      available: false,
    };
  if (productType === 'klaslicentie')
    return {
      title: 'Online in Mijn Slaagbundel',
      text: `Met een klaslicentie krijgt elke leerling van je klas, zolang er plaatsen zijn, volledige toegang tot ${subjectLabel}: ${list(parts)}, tot en met 31 juli.`,
      available: true,
    };
  return {
    title: 'Online in Mijn Slaagbundel',
    text: `Met de code in je boek oefen je ook online: ${list(parts)} voor ${subjectLabel}.`,
    available: true,
  };
}
