/**
 * A generated study-content file (the format of app/modules/study/schemas/study-content.ts)
 * for tests and the bench: `cards` cards over 3 chapters of 3 topics, two
 * checks of 15 questions. Texts are numbered and carry a formula, so the
 * import renders KaTeX like the real content.
 */
import type { Level } from '#app/platform/levels.ts';

export function generatedStudyFile(slug: string, level: Level, cards = 48): Record<string, unknown> {
  const parentTopics = [1, 2, 3].map((p) => ({
    key: `hoofdstuk-${p}`,
    name: `Hoofdstuk ${p}`,
    topics: [1, 2, 3].map((t) => ({ key: `onderwerp-${p}-${t}`, name: `Onderwerp ${p}.${t}` })),
  }));
  const topicKeys = parentTopics.flatMap((p) => p.topics.map((t) => t.key));
  const sections = ['uitleg', 'oefenen', 'examenvragen'] as const;
  const difficulties = ['makkelijk', 'gemiddeld', 'moeilijk'] as const;
  const cardList = Array.from({ length: cards }, (_, i) => ({
    key: `kaart-${i + 1}`,
    title: `Kaart ${i + 1} over ${topicKeys[i % topicKeys.length]}`,
    topics: [topicKeys[i % topicKeys.length]!],
    section: sections[i % 3]!,
    examType: i % 5 === 0 ? 'SE' : 'CE',
    difficulty: difficulties[Math.floor(i / 3) % 3]!,
    light: i % 4 === 0,
    new: i === 1,
    download: i === cards - 1,
    body: `Uitleg ${i + 1}: de formule $a^${(i % 9) + 1} \\cdot b$ en de stelling van Pythagoras.`,
    ...(i % 3 === 0 ? {} : { answer: `Antwoord ${i + 1}: $x = ${i}$.` }),
  }));
  const question = (t: number, q: number) =>
    q % 3 === 0
      ? {
          kind: 'open',
          topic: topicKeys[q % 5]!,
          prompt: `Open vraag ${q + 1} van check ${t}: bereken $x$.`,
          modelAnswer: `Het antwoord is $x = ${q}$.`,
          scoringPoints: ['1p: de aanpak', '1p: het antwoord'],
        }
      : {
          kind: 'choice',
          topic: topicKeys[q % 5]!,
          prompt: `Meerkeuzevraag ${q + 1} van check ${t}.`,
          options: [
            { text: 'Antwoord A', correct: true },
            { text: 'Antwoord B', correct: false },
            { text: 'Antwoord C', correct: false },
          ],
          explanation: 'A is goed omdat het zo is uitgelegd op de kaart.',
        };
  return {
    subject: { slug, level },
    about: 'Alles wat je moet kennen voor het examen.',
    teachers: 'Gebruik de leerkaarten in de les.',
    parentTopics,
    cards: cardList,
    correctionsCard: 'kaart-3',
    tests: [1, 2].map((t) => ({
      key: `examencheck-${t}`,
      title: `Examencheck ${t}`,
      description: `De ${t}e examencheck.`,
      light: t === 1,
      questions: Array.from({ length: 15 }, (_, q) => question(t, q)),
    })),
    idioms: Array.from({ length: 12 }, (_, i) => ({
      term: i === 0 ? 'Toon aan' : `Begrip ${i + 1}`,
      meaning:
        i === 0 ? 'Laat met een berekening of redenering zien dat iets klopt.' : `Betekenis van begrip ${i + 1}.`,
      example: i === 0 ? 'Toon aan dat de lijn de grafiek raakt.' : `Voorbeeld met begrip ${i + 1}.`,
    })),
    buddy: { name: 'Examenbuddy Test', intro: 'Ik zoek het antwoord in je leerkaarten.' },
    articles: ['formuleblad-wiskunde'],
  };
}
