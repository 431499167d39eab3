/**
 * CSV for a Dutch spreadsheet (the back office's exports, a class's grid): semicolons between fields, CRLF line
 * ends, UTF-8 with a byte order mark so Excel opens it in columns with the accents right, amounts with a decimal
 * comma. A cell that starts like a formula is defused (CSV injection).
 */

/** One CSV field: quoted when it holds the separator, a quote or a line break (RFC 4180), a formula defused. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: a leading quote defuses it. A plain
  // negative number (a credit note's '-27,95') is no formula and stays a number.
  const number = /^-\d+([.,]\d+)?$/.test(text);
  const safe = !number && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]) => cells.map(csvField).join(';');

/** Euro cents as a Dutch spreadsheet reads an amount: '-24,95' (no thousands separator). */
export const csvAmount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * A CSV file read and sent a page at a time (a keyset): the header first, then each page's lines until `page`
 * answers none. Nothing is held but the page being sent.
 */
export function csvStream<Cursor>(
  header: readonly string[],
  page: (after: Cursor | undefined) => Promise<{ lines: (string | number | null)[][]; next: Cursor }>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: Cursor | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}\r\n`));
      }
      const { lines, next } = await page(after);
      if (lines.length === 0) {
        controller.close();
        return;
      }
      after = next;
      controller.enqueue(encoder.encode(`${lines.map(csvLine).join('\r\n')}\r\n`));
    },
  });
}
