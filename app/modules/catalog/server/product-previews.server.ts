import { levelLabel } from '#app/platform/levels.ts';
import { productTypeLabel } from '#app/modules/catalog/domain/products.ts';
import type { PreviewBlock, PreviewPage } from '#app/modules/catalog/schemas/views.ts';

/**
 * The preview copy (inkijkexemplaar, spec §3 EXAMEN_INKIJKEXEMPLAAR) of a
 * product: its cover and three sample pages, written per subject and laid out
 * per product type — an exam bundle shows its contents, a sample exam question
 * and its worked answer; a summary its contents, key terms and a self-test; an
 * exam idiom its contents, a word list and how to learn the words.
 */

interface Term {
  term: string;
  text: string;
}

interface SubjectSample {
  /** Chapters of the book, in order. */
  chapters: readonly string[];
  /** A sample exam question: the source or context, the question and its points. */
  question: { context: string; text: string; points: number };
  /** The worked answer, step by step. */
  answer: readonly string[];
  tip: string;
  /** Key terms as a summary explains them. */
  terms: readonly Term[];
  /** For language subjects: words and phrases with a translation and an example. */
  words?: readonly Term[];
}

const SAMPLES: Readonly<Record<string, SubjectSample>> = {
  nederlands: {
    chapters: [
      'Tekstdoelen en tekstsoorten',
      'Tekstverbanden en signaalwoorden',
      'Hoofdgedachte en samenvatten',
      'Argumentatie en drogredenen',
      'Woordbetekenis uit de context',
    ],
    question: {
      context:
        'Tekst 1, ‘Een telefoonvrije school?’, alinea 3: “Scholen die de mobiel verbannen, zien de concentratie in de klas toenemen. Toch is een verbod geen wondermiddel: leerlingen moeten ook leren zelf verstandig met hun telefoon om te gaan.”',
      text: 'Welk verband is er tussen de eerste en de tweede zin van alinea 3? A oorzakelijk, B tegenstellend, C opsommend, D voorwaardelijk.',
      points: 1,
    },
    answer: [
      'Zoek eerst het signaalwoord: de tweede zin begint met ‘Toch’.',
      '‘Toch’ zet iets tegenover het voorgaande: het verbod helpt, maar lost niet alles op.',
      'Het juiste antwoord is B, een tegenstellend verband.',
    ],
    tip: 'Omcirkel bij verbandvragen altijd eerst het signaalwoord. Staat er geen, vul er dan zelf een in en kijk welk verband past.',
    terms: [
      { term: 'Hoofdgedachte', text: 'De belangrijkste gedachte van de hele tekst, in één zin.' },
      { term: 'Kernzin', text: 'De zin met de kern van een alinea, vaak de eerste of de laatste.' },
      { term: 'Standpunt', text: 'De mening van de schrijver over een kwestie, onderbouwd met argumenten.' },
      { term: 'Drogreden', text: 'Een argument dat overtuigend lijkt maar niet deugt, zoals een persoonlijke aanval.' },
    ],
    words: [
      { term: 'daarom', text: 'oorzaak en gevolg: er volgt een conclusie · Het regende, daarom bleven we binnen.' },
      { term: 'echter', text: 'tegenstelling · Het plan is goed, het is echter duur.' },
      { term: 'bijvoorbeeld', text: 'toelichting met een voorbeeld · Neem fruit mee, bijvoorbeeld een appel.' },
      { term: 'kortom', text: 'samenvatting of conclusie · Kortom: wie plant, heeft minder stress.' },
      { term: 'mits', text: 'voorwaarde · Je mag mee, mits je op tijd bent.' },
      { term: 'bovendien', text: 'opsomming: er komt een argument bij · Het is goedkoop en bovendien gezond.' },
    ],
  },
  engels: {
    chapters: [
      'Leesstrategieën: skimmen en scannen',
      'Signaalwoorden en tekstverbanden',
      'De bedoeling van de schrijver',
      'Woordenschat uit de context',
      'Open vragen beantwoorden in het Nederlands',
    ],
    question: {
      context:
        'Text 4, ‘The four-day school week’, paragraph 2: “Supporters claim pupils come back rested and motivated. Critics, however, point out that working parents now have to arrange childcare on Fridays.”',
      text: 'Welk bezwaar noemen critici in alinea 2? Beantwoord de vraag in het Nederlands.',
      points: 1,
    },
    answer: [
      'Het signaalwoord ‘however’ kondigt een tegenargument aan: daar staat het antwoord.',
      '‘Working parents now have to arrange childcare on Fridays’ betekent: werkende ouders moeten op vrijdag opvang regelen.',
      'Goed antwoord: werkende ouders moeten op vrijdag kinderopvang regelen.',
    ],
    tip: 'Beantwoord open vragen bij Engels in het Nederlands, tenzij de vraag iets anders zegt. Citeer alleen als daarom gevraagd wordt.',
    terms: [
      { term: 'Skimmen', text: 'Snel een tekst doorlezen om te weten waar hij over gaat.' },
      { term: 'Scannen', text: 'Gericht zoeken naar een bepaald woord, getal of naam.' },
      { term: 'Signaalwoord', text: 'Een woord als however of therefore dat het verband tussen zinnen laat zien.' },
      { term: 'Tone', text: 'De toon van de schrijver, bijvoorbeeld ironisch, kritisch of neutraal.' },
    ],
    words: [
      {
        term: 'to take something for granted',
        text: 'iets als vanzelfsprekend beschouwen · Many teenagers take fast internet for granted.',
      },
      { term: 'nevertheless', text: 'toch, desondanks · The test was hard; nevertheless, she passed.' },
      { term: 'to be concerned about', text: 'zich zorgen maken over · Parents are concerned about screen time.' },
      { term: 'to make up for', text: 'goedmaken, compenseren · He worked late to make up for lost time.' },
      { term: 'so far', text: 'tot nu toe · So far, the results look promising.' },
      { term: 'whereas', text: 'terwijl (tegenstelling) · Tom loves maths, whereas his sister prefers art.' },
    ],
  },
  duits: {
    chapters: [
      'Lesestrategien: de kern van een alinea',
      'Signalwörter: signaalwoorden',
      'Woordenschat en samenstellingen',
      'De mening van de schrijver',
      'Vragen met meerdere antwoorden',
    ],
    question: {
      context:
        'Text 2, ‘Mehr Fahrräder, weniger Autos’, Absatz 3: “Die Stadt hat zwar viele neue Radwege gebaut, trotzdem fahren noch immer viele Einwohner mit dem Auto zur Arbeit.”',
      text: 'Wat blijkt uit deze zin? A Er zijn te weinig fietspaden. B Ondanks de nieuwe fietspaden gaan nog veel inwoners met de auto naar hun werk. C De meeste inwoners fietsen nu naar hun werk.',
      points: 1,
    },
    answer: [
      '‘zwar … trotzdem’ betekent ‘weliswaar … toch’: er volgt een tegenstelling.',
      'De stad heeft veel nieuwe fietspaden aangelegd, maar veel inwoners nemen nog steeds de auto.',
      'Het juiste antwoord is B.',
    ],
    tip: 'Let op woordparen als zwar … aber en zwar … trotzdem: het belangrijkste staat bijna altijd na het tweede woord.',
    terms: [
      { term: 'Signalwort', text: 'Een woord als deshalb of trotzdem dat het verband tussen zinnen aangeeft.' },
      { term: 'Kernsatz', text: 'De zin met de belangrijkste informatie van een alinea.' },
      {
        term: 'Zusammensetzung',
        text: 'Een samengesteld woord; het laatste deel bepaalt de betekenis (Radweg: een weg voor fietsen).',
      },
      {
        term: 'Falsche Freunde',
        text: 'Woorden die op het Nederlands lijken maar iets anders betekenen, zoals bekommen (krijgen).',
      },
    ],
    words: [
      { term: 'trotzdem', text: 'toch, desondanks · Es regnete, trotzdem gingen wir spazieren.' },
      { term: 'deshalb', text: 'daarom · Er war krank, deshalb blieb er zu Hause.' },
      { term: 'bekommen', text: 'krijgen · Ich habe ein Geschenk bekommen.' },
      { term: 'sich beschweren über', text: 'klagen over · Viele Schüler beschweren sich über die Hausaufgaben.' },
      { term: 'die Umwelt', text: 'het milieu · Wir müssen die Umwelt schützen.' },
      { term: 'allerdings', text: 'echter, wel · Das Buch ist gut, allerdings sehr lang.' },
    ],
  },
  frans: {
    chapters: [
      'Leesstrategieën voor Franse teksten',
      'Mots charnières: signaalwoorden',
      'Werkwoordstijden herkennen',
      'Woordenschat uit de context',
      'Meerkeuzevragen slim aanpakken',
    ],
    question: {
      context:
        'Texte 3, ‘Le marché du samedi’, paragraphe 1: “Bien que les supermarchés soient ouverts le dimanche, beaucoup d’habitants préfèrent encore faire leurs courses au marché.”',
      text: 'Wat zegt de schrijver over de inwoners? A Ze doen hun boodschappen vooral op zondag. B Veel inwoners doen hun boodschappen liever op de markt. C De supermarkten zijn op zondag gesloten.',
      points: 1,
    },
    answer: [
      '‘Bien que’ betekent ‘hoewel’: het eerste deel van de zin is een toegeving.',
      'De kern staat in de hoofdzin: beaucoup d’habitants préfèrent faire leurs courses au marché.',
      'Het juiste antwoord is B.',
    ],
    tip: 'Na bien que en quoique volgt een toegeving; de kern van de zin staat in het deel erna.',
    terms: [
      { term: 'Mot charnière', text: 'Een signaalwoord zoals cependant of donc dat zinnen met elkaar verbindt.' },
      { term: 'Subjonctif', text: 'Een werkwoordsvorm na woorden als bien que en il faut que.' },
      {
        term: 'Faux ami',
        text: 'Een woord dat op het Nederlands lijkt maar iets anders betekent, zoals rester (blijven).',
      },
      { term: 'Passé composé', text: 'De voltooide tijd voor afgeronde handelingen in het verleden.' },
    ],
    words: [
      { term: 'cependant', text: 'echter · Il fait beau, cependant il fait froid.' },
      { term: 'avoir du mal à', text: 'moeite hebben met · Il a du mal à se concentrer.' },
      { term: 'au lieu de', text: 'in plaats van · Prends le vélo au lieu de la voiture.' },
      { term: 'en revanche', text: 'daarentegen · Paris est cher; en revanche, la campagne est bon marché.' },
      { term: 'se rendre compte de', text: 'beseffen · Elle se rend compte de son erreur.' },
      { term: 'grâce à', text: 'dankzij · Grâce à son travail, il a réussi son examen.' },
    ],
  },
  wiskunde: {
    chapters: [
      'Rekenen met procenten en verhoudingen',
      'Grafieken en tabellen',
      'Formules en verbanden',
      'Meetkunde: oppervlakte en inhoud',
      'Goniometrie en Pythagoras',
    ],
    question: {
      context: 'Opgave 6, Korting: een fiets kost € 480,-. In de uitverkoop krijg je 15% korting.',
      text: 'Bereken hoeveel je voor de fiets betaalt. Schrijf je berekening op.',
      points: 2,
    },
    answer: [
      '15% van € 480,- is 0,15 × 480 = € 72,-.',
      'Je betaalt 480 − 72 = € 408,-.',
      'Sneller: 100% − 15% = 85%, dus 0,85 × 480 = € 408,-.',
    ],
    tip: 'Schrijf bij een rekenvraag altijd je berekening op: ook met een verkeerde uitkomst kun je dan nog punten halen.',
    terms: [
      { term: 'Procent', text: 'Een deel van honderd: 15% is 15 van de 100, dus 0,15 keer het getal.' },
      { term: 'Lineair verband', text: 'Een verband waarvan de grafiek een rechte lijn is: y = a · x + b.' },
      { term: 'Stelling van Pythagoras', text: 'In een rechthoekige driehoek geldt a² + b² = c².' },
      { term: 'Inhoud', text: 'Hoeveel er in een ruimtefiguur past, bij een balk lengte × breedte × hoogte.' },
    ],
  },
  'wiskunde-a': {
    chapters: [
      'Statistiek en steekproeven',
      'Kansrekening en combinatoriek',
      'Formules en grafieken in contexten',
      'Exponentiële groei',
      'Veranderingen en afgeleiden',
    ],
    question: {
      context:
        'Opgave 3, Bacteriën: het aantal bacteriën in een pak melk groeit exponentieel. Op t = 0 zijn er 2000 bacteriën; elk uur komt er 30% bij.',
      text: 'Bereken na hoeveel uur er voor het eerst meer dan 20 000 bacteriën zijn.',
      points: 3,
    },
    answer: [
      'De groeifactor per uur is 1,30, dus N = 2000 · 1,30ᵗ.',
      'Los op: 2000 · 1,30ᵗ = 20 000, dus 1,30ᵗ = 10. Met de grafische rekenmachine: t ≈ 8,8.',
      'Na 9 uur zijn er voor het eerst meer dan 20 000 bacteriën.',
    ],
    tip: 'Staat er ‘voor het eerst’, rond dan naar boven af op een heel uur.',
    terms: [
      {
        term: 'Groeifactor',
        text: 'Het getal waarmee een hoeveelheid per tijdseenheid vermenigvuldigd wordt; 30% groei geeft 1,30.',
      },
      { term: 'Kans', text: 'Het aantal gunstige uitkomsten gedeeld door het totaal aantal mogelijke uitkomsten.' },
      { term: 'Mediaan', text: 'Het middelste getal van de waarnemingen, geordend van klein naar groot.' },
      {
        term: 'Binomiale verdeling',
        text: 'De kansverdeling van een experiment dat n keer met dezelfde kans p herhaald wordt.',
      },
    ],
  },
  'wiskunde-b': {
    chapters: [
      'Functies en hun grafieken',
      'Differentiëren en extremen',
      'Integreren en oppervlakte',
      'Goniometrische functies',
      'Meetkunde met vectoren',
    ],
    question: {
      context: 'Opgave 5: gegeven is de functie f(x) = x³ − 6x² + 9x.',
      text: 'Bereken exact de x-coördinaten van de toppen van de grafiek van f.',
      points: 3,
    },
    answer: [
      'Differentieer: f′(x) = 3x² − 12x + 9.',
      'Los f′(x) = 0 op: 3(x² − 4x + 3) = 0, dus 3(x − 1)(x − 3) = 0.',
      'De toppen liggen bij x = 1 en x = 3.',
    ],
    tip: 'Staat er ‘exact’, geef dan geen afgeronde uitkomst van de rekenmachine maar laat de algebraïsche stappen zien.',
    terms: [
      { term: 'Afgeleide', text: 'De functie die bij elke x de helling van de grafiek geeft.' },
      { term: 'Extreme waarde', text: 'Een maximum of minimum van een functie, waar de afgeleide nul is.' },
      { term: 'Primitieve', text: 'Een functie F waarvan de afgeleide f is; nodig om oppervlaktes te berekenen.' },
      { term: 'Periode', text: 'De lengte van één herhaling van een periodieke functie, zoals een sinus.' },
    ],
  },
  biologie: {
    chapters: [
      'Cellen en stofwisseling',
      'Erfelijkheid en DNA',
      'Ecologie en kringlopen',
      'Regeling: hormonen en zenuwen',
      'Voortplanting en ontwikkeling',
    ],
    question: {
      context:
        'Opgave 12, Oogkleur: het allel voor bruine ogen (B) is dominant over het allel voor blauwe ogen (b). Twee ouders met bruine ogen krijgen een kind met blauwe ogen.',
      text: 'Leg uit wat de genotypen van de ouders zijn.',
      points: 2,
    },
    answer: [
      'Het kind heeft blauwe ogen, dus genotype bb: het kreeg van elke ouder een b.',
      'Beide ouders hebben bruine ogen, dus ze hebben ook een B.',
      'Beide ouders hebben genotype Bb: ze zijn heterozygoot.',
    ],
    tip: 'Teken bij erfelijkheidsvragen een kruisingsschema: zo zie je meteen welke combinaties mogelijk zijn.',
    terms: [
      { term: 'Allel', text: 'Een variant van een gen, bijvoorbeeld voor bruine of blauwe ogen.' },
      {
        term: 'Homeostase',
        text: 'Het constant houden van het inwendig milieu, zoals lichaamstemperatuur en bloedsuikerspiegel.',
      },
      {
        term: 'Fotosynthese',
        text: 'Planten maken met lichtenergie glucose en zuurstof uit koolstofdioxide en water.',
      },
      { term: 'Voedselketen', text: 'Een reeks organismen waarin elk organisme door het volgende wordt gegeten.' },
    ],
  },
  geschiedenis: {
    chapters: [
      'Tijdvakken en kenmerkende aspecten',
      'De Republiek in de Gouden Eeuw',
      'Industrialisatie en emancipatie',
      'Het interbellum en de Tweede Wereldoorlog',
      'De Koude Oorlog en dekolonisatie',
    ],
    question: {
      context:
        'Bron 4: een Amerikaanse spotprent uit 1948 toont een grote schaal met dollars die naar West-Europa wordt gedragen, terwijl een Russische soldaat boos toekijkt.',
      text: 'Leg uit hoe deze spotprent past bij de Koude Oorlog. Gebruik in je antwoord de Marshallhulp.',
      points: 2,
    },
    answer: [
      'De schaal met dollars staat voor de Marshallhulp: Amerikaanse steun voor de wederopbouw van West-Europa.',
      'De Verenigde Staten wilden zo voorkomen dat arme Europese landen voor het communisme kozen.',
      'De boze Russische soldaat laat zien dat de Sovjet-Unie de hulp zag als Amerikaanse invloed in Europa: de tegenstelling tussen Oost en West.',
    ],
    tip: 'Gebruik bij bronvragen een element uit de bron én je kennis van het tijdvak, en noem ze allebei met zoveel woorden.',
    terms: [
      {
        term: 'Kenmerkend aspect',
        text: 'Een typisch verschijnsel van een tijdvak, zoals de Koude Oorlog in de tijd van televisie en computer.',
      },
      {
        term: 'Marshallhulp',
        text: 'Amerikaanse economische steun aan West-Europa na de Tweede Wereldoorlog (1948-1952).',
      },
      { term: 'Dekolonisatie', text: 'Koloniën worden onafhankelijk, zoals Indonesië in 1949.' },
      {
        term: 'Betrouwbaarheid',
        text: 'Hoe goed je op een bron kunt vertrouwen, gezien de maker, het doel en het moment.',
      },
    ],
  },
  aardrijkskunde: {
    chapters: [
      'Klimaat en klimaatverandering',
      'Bevolking en verstedelijking',
      'Water in Nederland',
      'Aarde: platentektoniek',
      'Wereld: ontwikkeling en globalisering',
    ],
    question: {
      context:
        'Bron 2: het klimaatdiagram van Mumbai (India) toont van juni tot en met september meer dan 500 mm neerslag per maand en in de andere maanden bijna geen.',
      text: 'Verklaar de grote hoeveelheid neerslag in Mumbai van juni tot en met september.',
      points: 2,
    },
    answer: [
      'In de zomer wordt het land warmer dan de zee; boven India ontstaat een lagedrukgebied.',
      'Vochtige lucht stroomt vanaf de Indische Oceaan het land op: de zomermoesson.',
      'De lucht stijgt op, koelt af en het vocht condenseert tot hevige regen.',
    ],
    tip: 'Een verklaring is een keten van oorzaak en gevolg. Schrijf de stappen op als: A, daardoor B, daardoor C.',
    terms: [
      { term: 'Moesson', text: 'Een wind die per seizoen van richting wisselt en in de zomer veel regen brengt.' },
      { term: 'Verstedelijking', text: 'Het aandeel mensen dat in steden woont, neemt toe.' },
      { term: 'Subductie', text: 'Een oceanische plaat zakt weg onder een andere plaat.' },
      { term: 'Globalisering', text: 'Landen raken economisch en cultureel steeds meer met elkaar verbonden.' },
    ],
  },
  economie: {
    chapters: [
      'Markt en prijsvorming',
      'Sparen, lenen en rente',
      'Risico en informatie',
      'Overheid en begroting',
      'Welvaart, groei en conjunctuur',
    ],
    question: {
      context:
        'Opgave 8, Concertkaartjes: voor een concert zijn 5000 kaartjes beschikbaar. Bij een prijs van € 40,- willen 8000 fans een kaartje kopen.',
      text: 'Leg uit wat er met de prijs op de doorverkoopmarkt zal gebeuren.',
      points: 2,
    },
    answer: [
      'De gevraagde hoeveelheid (8000) is groter dan de aangeboden hoeveelheid (5000): er is een vraagoverschot.',
      'Fans die geen kaartje konden kopen, zijn bereid meer te betalen.',
      'Op de doorverkoopmarkt stijgt de prijs daardoor boven de € 40,-.',
    ],
    tip: 'Gebruik bij marktvragen de begrippen vraag, aanbod en overschot of tekort: daar geeft het correctievoorschrift punten voor.',
    terms: [
      { term: 'Vraagoverschot', text: 'Bij een bepaalde prijs willen kopers meer kopen dan er wordt aangeboden.' },
      { term: 'Inflatie', text: 'Een algemene stijging van de prijzen: voor hetzelfde geld koop je minder.' },
      { term: 'Begrotingstekort', text: 'De overheid geeft in een jaar meer uit dan ze ontvangt.' },
      { term: 'Conjunctuur', text: 'De schommelingen van de economische groei rond de trend.' },
    ],
  },
  natuurkunde: {
    chapters: [
      'Elektrische schakelingen',
      'Beweging en krachten',
      'Energie en vermogen',
      'Golven en geluid',
      'Straling en radioactiviteit',
    ],
    question: {
      context: 'Opgave 4, Waterkoker: een waterkoker heeft een vermogen van 2,2 kW en is aangesloten op 230 V.',
      text: 'Bereken de stroomsterkte door de waterkoker.',
      points: 2,
    },
    answer: [
      'Gebruik P = U · I, dus I = P / U.',
      'P = 2,2 kW = 2200 W, dus I = 2200 / 230 = 9,6 A.',
      '2,2 kW heeft twee significante cijfers, dus het antwoord is 9,6 A.',
    ],
    tip: 'Reken alle grootheden eerst om naar SI-eenheden (W, V, m, s) voordat je ze in een formule invult.',
    terms: [
      { term: 'Vermogen', text: 'De energie per seconde die een apparaat omzet, in watt (W).' },
      { term: 'Weerstand', text: 'Hoe moeilijk stroom door een onderdeel gaat: R = U / I, in ohm (Ω).' },
      { term: 'Halveringstijd', text: 'De tijd waarin de helft van de instabiele kernen van een stof vervalt.' },
      { term: 'Resulterende kracht', text: 'De som van alle krachten op een voorwerp; die bepaalt of het versnelt.' },
    ],
  },
  scheikunde: {
    chapters: [
      'Atoombouw en het periodiek systeem',
      'Reacties en reactievergelijkingen',
      'Zuren en basen',
      'Redoxreacties',
      'Koolstofchemie en polymeren',
    ],
    question: {
      context:
        'Opgave 2, Verbranding: aardgas bestaat vooral uit methaan (CH₄). Bij volledige verbranding ontstaan koolstofdioxide en water.',
      text: 'Geef de kloppende reactievergelijking van de volledige verbranding van methaan.',
      points: 2,
    },
    answer: [
      'Beginstoffen: CH₄ en O₂. Reactieproducten: CO₂ en H₂O.',
      'Er zijn 4 H-atomen, dus 2 H₂O; dan zijn er 4 O-atomen nodig, dus 2 O₂.',
      'CH₄ + 2 O₂ → CO₂ + 2 H₂O',
    ],
    tip: 'Maak een reactievergelijking kloppend met de coëfficiënten ervoor, nooit door de formules zelf te veranderen.',
    terms: [
      { term: 'Molecuulformule', text: 'Welke atomen, en hoeveel van elk, in een molecuul zitten, zoals H₂O.' },
      { term: 'Zuur', text: 'Een deeltje dat H⁺ afstaat; een zure oplossing heeft een pH onder 7.' },
      { term: 'Oxidator', text: 'Een deeltje dat in een redoxreactie elektronen opneemt.' },
      { term: 'Polymeer', text: 'Een groot molecuul van veel aan elkaar gekoppelde kleine eenheden, de monomeren.' },
    ],
  },
  nask1: {
    chapters: ['Elektriciteit in huis', 'Krachten en bewegingen', 'Energie en warmte', 'Licht en lenzen', 'Geluid'],
    question: {
      context: 'Opgave 7, Fietstocht: Sanne fietst 12 km naar school. Ze doet daar 40 minuten over.',
      text: 'Bereken haar gemiddelde snelheid in km/h.',
      points: 2,
    },
    answer: ['40 minuten is 40 / 60 = 0,67 uur.', 'Gemiddelde snelheid = afstand / tijd = 12 / 0,67 = 18 km/h.'],
    tip: 'Kijk welke eenheid de vraag wil: wordt km/h gevraagd, reken de tijd dan eerst om naar uren.',
    terms: [
      { term: 'Gemiddelde snelheid', text: 'De totale afstand gedeeld door de totale tijd.' },
      { term: 'Spanning', text: 'De ‘duw’ die een bron aan de elektrische stroom geeft, in volt (V).' },
      { term: 'Brandpunt', text: 'Het punt waar evenwijdige lichtstralen na een bolle lens samenkomen.' },
      { term: 'Rendement', text: 'Welk deel van de toegevoerde energie nuttig gebruikt wordt, in procenten.' },
    ],
  },
  nask2: {
    chapters: [
      'Stoffen en hun eigenschappen',
      'Scheidingsmethoden',
      'Verbranding',
      'Zuren en basen',
      'Rekenen aan reacties',
    ],
    question: {
      context:
        'Opgave 9, Kalkaanslag: in een waterkoker zit kalkaanslag. Monique doet er azijn in en ziet gasbelletjes ontstaan.',
      text: 'Welk gas ontstaat er? Leg uit hoe je dit gas kunt aantonen.',
      points: 2,
    },
    answer: [
      'Azijn is een zuur; met kalk (calciumcarbonaat) ontstaat koolstofdioxide.',
      'Leid het gas door helder kalkwater.',
      'Wordt het kalkwater troebel, dan is het gas koolstofdioxide.',
    ],
    tip: 'Ken de aantoningsreacties uit je hoofd: kalkwater voor koolstofdioxide, een gloeiende houtspaander voor zuurstof, wit kopersulfaat voor water.',
    terms: [
      { term: 'Zuivere stof', text: 'Een stof van één soort moleculen, met een vast smeltpunt en kookpunt.' },
      { term: 'Mengsel', text: 'Een stof van meerdere soorten moleculen, zoals zeewater.' },
      {
        term: 'Verbrandingsdriehoek',
        text: 'Brandstof, zuurstof en ontbrandingstemperatuur: alle drie nodig voor een brand.',
      },
      { term: 'pH', text: 'Een getal van 0 tot 14 dat aangeeft hoe zuur of basisch een oplossing is.' },
    ],
  },
  maatschappijkunde: {
    chapters: [
      'Politiek en democratie',
      'Criminaliteit en rechtsstaat',
      'Massamedia',
      'Pluriforme samenleving',
      'Werk en sociale zekerheid',
    ],
    question: {
      context: 'Bron 5, een krantenkop: ‘Gemeenteraad stemt in met extra camera’s in het uitgaansgebied.’',
      text: 'Noem een argument vóór en een argument tegen meer camera’s, vanuit twee verschillende waarden.',
      points: 2,
    },
    answer: [
      'Vóór, vanuit de waarde veiligheid: camera’s schrikken daders af en helpen de politie bij het opsporen.',
      'Tegen, vanuit de waarde privacy: iedereen in het uitgaansgebied wordt gefilmd, ook wie niets doet.',
    ],
    tip: 'Noem bij een vraag over waarden de waarde bij naam en leg uit hoe je argument daarmee samenhangt.',
    terms: [
      { term: 'Rechtsstaat', text: 'Ook de overheid moet zich aan de wet houden, en grondrechten zijn beschermd.' },
      { term: 'Trias politica', text: 'De scheiding van de wetgevende, de uitvoerende en de rechtsprekende macht.' },
      { term: 'Socialisatie', text: 'Het proces waarin je de normen en waarden van je omgeving leert.' },
      {
        term: 'Framing',
        text: 'Nieuws vanuit een bepaalde invalshoek brengen, zodat de lezer het op een bepaalde manier ziet.',
      },
    ],
  },
  maatschappijwetenschappen: {
    chapters: [
      'Vorming: socialisatie en identiteit',
      'Verhouding: macht en gezag',
      'Binding: groepen en samenleving',
      'Verandering: modernisering',
      'Politieke besluitvorming',
    ],
    question: {
      context:
        'Bron 3: jongeren die veel tijd op sociale media doorbrengen, baseren hun mening over politiek vaker op filmpjes van influencers dan op nieuwsberichten.',
      text: 'Leg met het kernconcept vorming uit hoe sociale media de politieke opvattingen van jongeren kunnen beïnvloeden.',
      points: 2,
    },
    answer: [
      'Vorming gaat over hoe mensen waarden, normen en opvattingen aanleren door socialisatie.',
      'Influencers zijn een socialisatiebron: jongeren nemen opvattingen over van mensen die ze volgen en bewonderen.',
      'Zo bepalen sociale media mee welke politieke opvattingen jongeren ontwikkelen.',
    ],
    tip: 'Gebruik het gevraagde kernconcept letterlijk in je antwoord en koppel het aan een element uit de bron.',
    terms: [
      { term: 'Vorming', text: 'Hoe mensen door socialisatie leden van de samenleving worden.' },
      { term: 'Verhouding', text: 'Hoe mensen en groepen zich tot elkaar verhouden, met macht, gezag en conflict.' },
      { term: 'Binding', text: 'Wat mensen bij elkaar houdt, zoals gedeelde waarden en instituties.' },
      { term: 'Verandering', text: 'Hoe samenlevingen veranderen, bijvoorbeeld door modernisering.' },
    ],
  },
};

/** Page numbers of chapters spread over a book of `pages` pages, after its introduction. */
function chapterPages(count: number, first: number, pages: number): number[] {
  const step = Math.max(2, Math.floor((pages * 0.55 - first) / Math.max(1, count)));
  return Array.from({ length: count }, (_, i) => first + i * step);
}

interface PreviewProduct {
  name: string;
  productType: string;
  level: string;
  subject: string;
  pages: number | null;
  image: string;
}

function bundlePages(sample: SubjectSample, pages: number): PreviewPage[] {
  const starts = chapterPages(sample.chapters.length, 8, pages);
  const examStart = Math.round(pages * 0.55);
  const questionPage = (starts[1] ?? 12) + 4;
  return [
    {
      kind: 'page',
      title: 'Inhoud',
      pageNumber: 3,
      blocks: [
        {
          kind: 'contents',
          entries: [
            { title: 'Zo werk je met deze bundel', page: 5 },
            ...sample.chapters.map((title, i) => ({ title, page: starts[i] ?? 8 })),
            { title: 'Oefenexamen 1', page: examStart },
            { title: 'Oefenexamen 2', page: examStart + Math.round(pages * 0.12) },
            { title: 'Uitwerkingen', page: examStart + Math.round(pages * 0.25) },
          ],
        },
      ],
    },
    {
      kind: 'page',
      title: `Examentraining: ${sample.chapters[1] ?? sample.chapters[0] ?? ''}`,
      pageNumber: questionPage,
      blocks: [
        { kind: 'paragraph', text: sample.question.context },
        { kind: 'question', label: 'Vraag 1', points: sample.question.points, text: sample.question.text },
      ],
    },
    {
      kind: 'page',
      title: 'Uitwerking vraag 1',
      pageNumber: questionPage + 1,
      blocks: [
        { kind: 'list', items: [...sample.answer] },
        { kind: 'tip', text: sample.tip },
      ],
    },
  ];
}

function summaryPages(p: PreviewProduct, sample: SubjectSample, pages: number): PreviewPage[] {
  const starts = chapterPages(sample.chapters.length, 6, Math.round(pages * 1.6));
  return [
    {
      kind: 'page',
      title: 'Inhoud',
      pageNumber: 3,
      blocks: [
        {
          kind: 'contents',
          entries: [
            ...sample.chapters.map((title, i) => ({ title, page: starts[i] ?? 6 })),
            { title: 'Begrippenlijst', page: pages - 12 },
            { title: 'Test jezelf: examenvragen', page: pages - 6 },
          ],
        },
      ],
    },
    {
      kind: 'page',
      title: `Hoofdstuk 1 · ${sample.chapters[0] ?? ''}`,
      pageNumber: starts[0] ?? 6,
      blocks: [
        {
          kind: 'paragraph',
          text: `De begrippen die je voor het examen ${levelLabel(p.level)} moet kunnen uitleggen, kort en in gewone taal.`,
        },
        { kind: 'terms', entries: [...sample.terms] },
      ],
    },
    {
      kind: 'page',
      title: 'Test jezelf',
      pageNumber: pages - 6,
      blocks: [
        { kind: 'paragraph', text: sample.question.context },
        { kind: 'question', label: 'Vraag 1', points: sample.question.points, text: sample.question.text },
        { kind: 'tip', text: sample.tip },
      ],
    },
  ];
}

function idiomPages(sample: SubjectSample, pages: number): PreviewPage[] {
  const words = sample.words ?? sample.terms;
  const wordBlock: PreviewBlock = { kind: 'terms', entries: [...words] };
  return [
    {
      kind: 'page',
      title: 'Inhoud',
      pageNumber: 3,
      blocks: [
        {
          kind: 'contents',
          entries: [
            { title: 'Zo gebruik je dit examenidioom', page: 4 },
            { title: 'Signaalwoorden en vaste uitdrukkingen', page: 6 },
            { title: 'Thema: school en werk', page: Math.round(pages * 0.25) },
            { title: 'Thema: milieu en samenleving', page: Math.round(pages * 0.45) },
            { title: 'Thema: media en technologie', page: Math.round(pages * 0.65) },
            { title: 'Woordenlijst van A tot Z', page: Math.round(pages * 0.82) },
          ],
        },
      ],
    },
    {
      kind: 'page',
      title: 'Zo leer je de woorden',
      pageNumber: 4,
      blocks: [
        {
          kind: 'list',
          items: [
            'Leer elke dag tien woorden en herhaal ze twee dagen later nog een keer.',
            'Lees de voorbeeldzin hardop: zo onthoud je het woord in zijn verband.',
            'Streep woorden die je zeker kent weg, zodat je tijd overhoudt voor de lastige.',
            'Oefen met de leerkaarten in Mijn Slaagbundel; die laten de woorden zien die je nog niet kent.',
          ],
        },
        { kind: 'tip', text: sample.tip },
      ],
    },
    { kind: 'page', title: 'Signaalwoorden en vaste uitdrukkingen', pageNumber: 6, blocks: [wordBlock] },
  ];
}

/**
 * The preview copy of a product: the cover and three sample pages; null when
 * the product has none (hasPreview false) or its subject has no sample text.
 */
export function previewPages(product: PreviewProduct & { hasPreview: boolean }): PreviewPage[] | null {
  const sample = SAMPLES[product.subject];
  if (!product.hasPreview || !sample) return null;
  const pages = product.pages ?? 120;
  const cover: PreviewPage = {
    kind: 'cover',
    title: `Omslag: ${productTypeLabel(product.productType)} ${levelLabel(product.level)}`,
    image: product.image,
  };
  const inside =
    product.productType === 'samenvatting'
      ? summaryPages(product, sample, pages)
      : product.productType === 'examenidioom'
        ? idiomPages(sample, pages)
        : bundlePages(sample, pages);
  return [cover, ...inside];
}

/** The subjects that have preview text: every subject a preview copy may be of. */
export const PREVIEW_SUBJECTS: readonly string[] = Object.keys(SAMPLES);
