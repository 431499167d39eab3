/**
 * A Dutch stemmer for the exam buddy's retrieval: the Snowball "dutch" algorithm
 * (snowballstem.org/algorithms/dutch/stemmer.html, Porter-style: accents off,
 * R1/R2 regions, -en/-s/-e/-heid/-ing/-lijk/-baar endings, doubled consonants
 * and vowels undone), plus two small additions for what pupils type that the
 * algorithm keeps apart: any doubled consonant before -en ('cellen' → 'cel'),
 * a doubled vowel after an i ('radiaal' → 'radial', as 'radialen'; 'differentieer'
 * → 'differentier', as 'differentiëren') and a plural after -ie ('functies' → 'functie').
 * Pure and small: no dependency, a few microseconds a word.
 */

/** Letters with an accent or diaeresis as their plain letter ('differentiëren' → 'differentieren'); lower case. */
export function foldAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const VOWELS = 'aeiouyè';
const isVowel = (c: string | undefined): boolean => c !== undefined && VOWELS.includes(c);

/** Where R1 and R2 begin: after the first non-vowel that follows a vowel (R1 at least 3 letters in). */
function regions(word: string): { r1: number; r2: number } {
  const after = (from: number): number => {
    for (let i = from + 1; i < word.length; i++) if (isVowel(word[i - 1]) && !isVowel(word[i])) return i + 1;
    return word.length;
  };
  if (word.length < 3) return { r1: word.length, r2: word.length };
  const r1 = after(0);
  const r2 = after(r1);
  return { r1: Math.max(r1, 3), r2 };
}

/** Stems already made: a subject's cards repeat their words (kept up to a bound, then started afresh). */
const made = new Map<string, string>();
const MADE_MAX = 50_000;

/** The stem of one Dutch word (lower case, accents folded). Words of fewer than three letters stay as they are. */
export function stemDutch(input: string): string {
  let stem = made.get(input);
  if (stem === undefined) {
    if (made.size >= MADE_MAX) made.clear();
    stem = snowballStem(input);
    made.set(input, stem);
  }
  return stem;
}

function snowballStem(input: string): string {
  let word = foldAccents(input);
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;

  // Prelude: an initial y, a y after a vowel and an i between vowels are consonants (upper case while stemming).
  const chars = [...word];
  if (chars[0] === 'y') chars[0] = 'Y';
  for (let i = 1; i < chars.length; i++) {
    if (!isVowel(chars[i - 1])) continue;
    if (chars[i] === 'i' && isVowel(chars[i + 1])) chars[i] = 'I';
    else if (chars[i] === 'y') chars[i] = 'Y';
  }
  word = chars.join('');
  const { r1, r2 } = regions(word);
  const inR1 = (suffix: string) => word.length - suffix.length >= r1;
  const inR2 = (suffix: string) => word.length - suffix.length >= r2;
  const before = (suffix: string) => word[word.length - suffix.length - 1];
  const drop = (suffix: string) => {
    word = word.slice(0, word.length - suffix.length);
  };
  const undouble = () => {
    if (/(kk|dd|tt)$/.test(word)) word = word.slice(0, -1);
  };
  const enEnding = (suffix: string): boolean => {
    const stem = word.slice(0, word.length - suffix.length);
    if (!inR1(suffix) || isVowel(before(suffix)) || stem.length === 0 || stem.endsWith('gem')) return false;
    word = stem;
    // Our addition: any doubled consonant before -en goes ('cellen' → 'cel', 'oplossen' → 'oplos'), not only kk/dd/tt.
    word = word.replace(/([b-df-hj-np-tv-z])\1$/, '$1');
    return true;
  };
  let eFound = false;
  const eEnding = () => {
    eFound = false;
    if (word.endsWith('e') && inR1('e') && before('e') !== undefined && !isVowel(before('e'))) {
      drop('e');
      eFound = true;
      undouble();
    }
  };

  // Step 1: -heden, -en/-ene, -s/-se (the longest that ends the word).
  if (word.endsWith('heden')) {
    if (inR1('heden')) word = `${word.slice(0, -5)}heid`;
  } else if (word.endsWith('ene') || word.endsWith('en')) {
    enEnding(word.endsWith('ene') ? 'ene' : 'en');
  } else if (word.endsWith('se') || word.endsWith('s')) {
    const suffix = word.endsWith('se') ? 'se' : 's';
    const prev = before(suffix);
    if (inR1(suffix) && prev !== undefined && !isVowel(prev) && prev !== 'j') drop(suffix);
  }
  // Step 2: a final -e.
  eEnding();
  // Step 3a: -heid.
  if (word.endsWith('heid') && inR2('heid') && before('heid') !== 'c') {
    drop('heid');
    if (word.endsWith('en')) enEnding('en');
  }
  // Step 3b: derivational endings (the longest that ends the word).
  const d = ['lijk', 'baar', 'end', 'ing', 'bar', 'ig'].find((suffix) => word.endsWith(suffix));
  if (d === 'end' || d === 'ing') {
    if (inR2(d)) {
      drop(d);
      if (word.endsWith('ig') && inR2('ig') && before('ig') !== 'e') drop('ig');
      else undouble();
    }
  } else if (d === 'ig') {
    if (inR2(d) && before(d) !== 'e') drop(d);
  } else if (d === 'lijk') {
    if (inR2(d)) {
      drop(d);
      eEnding();
    }
  } else if (d === 'baar') {
    if (inR2(d)) drop(d);
  } else if (d === 'bar') {
    if (inR2(d) && eFound) drop(d);
  }
  // Step 4: a doubled vowel between consonants at the end ('maan' → 'man').
  // (Our addition: also after an i, as in 'radiaal' and 'exponentieel', whose other forms lose the doubled vowel.)
  if (/[^aeiouyè](aa|ee|oo|uu)[^aeiouyèI]$|i(aa|ee|oo|uu)[^aeiouyèI]$/.test(word)) {
    word = word.slice(0, -2) + word.slice(-1);
  }
  word = word.replace(/I/g, 'i').replace(/Y/g, 'y');
  // Our addition: a plural after -ie ('functies' → 'functie').
  if (word.endsWith('ies') && word.length > 5) word = word.slice(0, -1);
  return word;
}
