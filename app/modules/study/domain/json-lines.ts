/**
 * JSON text with the line of every value (issue 35, item 3): a study file uploaded in the back office is checked
 * by the same rules as `npm run content:validate`, and each problem names the line a person finds it on. A small
 * walk over the text accepts exactly what JSON.parse accepts (RFC 8259) and records, for each path
 * (`["cards", 3, "title"]`), the line of its member's name (or, for an array element, of its value); a text that
 * is no JSON is answered with the line and column of the first thing wrong, in Dutch. The value itself is
 * JSON.parse's, so it is exactly what the file's readers get.
 */

/** A place in a JSON document: object member names and array indices, from the top. */
export type JsonPath = readonly (string | number)[];

export type JsonLines =
  | {
      ok: true;
      value: unknown;
      /** The line (1-based) of `path`, or of its nearest ancestor that the text has (a missing member's object). */
      lineOf: (path: JsonPath) => number;
    }
  | { ok: false; line: number; column: number; message: string };

const encode = (path: JsonPath) => JSON.stringify(path);

class SyntaxProblem extends Error {
  readonly at: number;
  constructor(at: number, message: string) {
    super(message);
    this.at = at;
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Deeper than any study file (its deepest value is 6 levels down): a limit, so that no text exhausts the stack. */
const MAX_DEPTH = 64;

/** What a person reads for the character at `at`: the character itself, or "het einde". */
function shown(text: string, at: number): string {
  if (at >= text.length) return 'het einde van de tekst';
  const char = text.codePointAt(at)!;
  if (char === 10 || char === 13) return 'het einde van de regel';
  if (char < 32) return `een onzichtbaar teken (code ${char})`;
  return `"${String.fromCodePoint(char)}"`;
}

/** The Dutch message for something else than what belongs at `at`. */
function unexpected(text: string, at: number, expected: string): SyntaxProblem {
  const rest = text.slice(at, at + 2);
  if (at >= text.length) {
    return new SyntaxProblem(
      at,
      `De tekst houdt op terwijl er nog ${expected} moet komen: ontbreekt er een sluitend haakje of aanhalingsteken?`,
    );
  }
  if (rest === '//' || rest === '/*') return new SyntaxProblem(at, 'Commentaar (// of /* */) mag niet in JSON.');
  if (rest[0] === "'") {
    return new SyntaxProblem(at, 'Tekst en veldnamen staan in JSON tussen dubbele aanhalingstekens ("), niet enkele.');
  }
  return new SyntaxProblem(at, `Hier staat ${shown(text, at)}, maar hier hoort ${expected}.`);
}

/** Walks `text` as JSON, calling `record(path, at)` for every member name and value; throws SyntaxProblem. */
function walk(text: string, record: (path: JsonPath, at: number) => void): void {
  let at = 0;
  const skip = () => {
    while (at < text.length && WHITESPACE.has(text[at]!)) at += 1;
  };

  const string = (): string => {
    const start = at;
    at += 1; // the opening quote
    while (at < text.length) {
      const char = text[at]!;
      if (char === '"') {
        at += 1;
        return JSON.parse(text.slice(start, at)) as string;
      }
      if (char === '\\') {
        const escape = text[at + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
            throw new SyntaxProblem(at, 'Na \\u horen vier hexadecimale cijfers, bijvoorbeeld \\u00e9.');
          }
          at += 6;
          continue;
        }
        if (escape === undefined || !ESCAPES.has(escape)) {
          throw new SyntaxProblem(
            at,
            'Een backslash (\\) in een tekst begint een escape: schrijf \\\\ voor een backslash, \\" voor een ' +
              'aanhalingsteken en \\n voor een nieuwe regel (in een formule dus \\\\frac in plaats van \\frac).',
          );
        }
        at += 2;
        continue;
      }
      if (char === '\n' || char === '\r') {
        throw new SyntaxProblem(
          at,
          'Een tekst tussen aanhalingstekens loopt hier door naar de volgende regel: sluit hem af met " of schrijf \\n voor een nieuwe regel.',
        );
      }
      if (char.charCodeAt(0) < 32) {
        throw new SyntaxProblem(at, `Een tekst mag geen onzichtbaar teken bevatten (code ${char.charCodeAt(0)}).`);
      }
      at += 1;
    }
    throw new SyntaxProblem(start, 'Deze tekst wordt niet afgesloten met een aanhalingsteken (").');
  };

  const value = (path: JsonPath): void => {
    skip();
    const char = text[at];
    if ((char === '{' || char === '[') && path.length >= MAX_DEPTH) {
      throw new SyntaxProblem(at, `De JSON is hier dieper genest dan ${MAX_DEPTH} niveaus.`);
    }
    if (char === '{') return object(path);
    if (char === '[') return array(path);
    if (char === '"') {
      string();
      return;
    }
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, at)) {
        at += literal.length;
        return;
      }
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number && number[0] !== '-') {
      at += number[0].length;
      return;
    }
    throw unexpected(text, at, 'een waarde (tekst tussen aanhalingstekens, een getal, true, false, null, { of [)');
  };

  const object = (path: JsonPath): void => {
    at += 1; // {
    skip();
    if (text[at] === '}') {
      at += 1;
      return;
    }
    for (;;) {
      skip();
      if (text[at] !== '"') {
        if (text[at] === '}') throw new SyntaxProblem(at, 'Na de laatste waarde voor "}" mag geen komma staan.');
        throw unexpected(text, at, 'de naam van een veld tussen dubbele aanhalingstekens');
      }
      const nameAt = at;
      const name = string();
      const member = [...path, name];
      record(member, nameAt);
      skip();
      if (text[at] !== ':') throw unexpected(text, at, `een dubbele punt (:) na "${name}"`);
      at += 1;
      value(member);
      skip();
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (text[at] === '}') {
        at += 1;
        return;
      }
      throw unexpected(text, at, 'een komma (,) tussen twee velden of een "}" aan het einde');
    }
  };

  const array = (path: JsonPath): void => {
    at += 1; // [
    skip();
    if (text[at] === ']') {
      at += 1;
      return;
    }
    for (let index = 0; ; index += 1) {
      skip();
      if (text[at] === ']') throw new SyntaxProblem(at, 'Na de laatste waarde voor "]" mag geen komma staan.');
      const element = [...path, index];
      record(element, at);
      value(element);
      skip();
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (text[at] === ']') {
        at += 1;
        return;
      }
      throw unexpected(text, at, 'een komma (,) tussen twee waarden of een "]" aan het einde');
    }
  };

  skip();
  if (at >= text.length) throw new SyntaxProblem(0, 'Er staat geen JSON in: de tekst is leeg.');
  record([], at);
  value([]);
  skip();
  if (at < text.length) {
    throw new SyntaxProblem(at, `Na het einde van de JSON staat nog ${shown(text, at)}: er mag maar één waarde staan.`);
  }
}

/** The start of each line (0-based offsets). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** The 1-based line and column of offset `at`. */
function position(starts: readonly number[], at: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: at - starts[low]! + 1 };
}

/** Parses `text` as JSON (a leading byte order mark is allowed) with the line of every member and element. */
export function parseJsonWithLines(text: string): JsonLines {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const offsets = new Map<string, number>();
  const starts = lineStarts(source);
  try {
    // A member named twice keeps the last, as JSON.parse does.
    walk(source, (path, at) => offsets.set(encode(path), at));
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    return { ok: false, ...position(starts, error.at), message: error.message };
  }
  const value: unknown = JSON.parse(source);
  const lineOf = (path: JsonPath): number => {
    for (let length = path.length; length >= 0; length -= 1) {
      const at = offsets.get(encode(path.slice(0, length)));
      if (at !== undefined) return position(starts, at).line;
    }
    return 1;
  };
  return { ok: true, value, lineOf };
}
