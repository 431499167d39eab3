import { describe, expect, it } from 'vitest';
import { csvAmount, csvField, csvLine, csvStream } from './csv.ts';

describe('CSV for a Dutch spreadsheet', () => {
  it('quotes separators and quotes, defuses formulas, leaves nothing for null', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-5+cmd|calc')).toBe("'-5+cmd|calc");
    expect(csvField('-27,95')).toBe('-27,95');
    expect(csvField(-1)).toBe('-1');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(null)).toBe('');
    expect(csvLine(['SB26-000001', 3, null])).toBe('SB26-000001;3;');
  });

  it('writes amounts with a decimal comma, negative ones too', () => {
    expect(csvAmount(2495)).toBe('24,95');
    expect(csvAmount(-2291)).toBe('-22,91');
    expect(csvAmount(0)).toBe('0,00');
  });

  it('streams the header with a byte order mark, then page after page until one is empty', async () => {
    const pages = [[['a', 1]], [['b', 2]], []] as (string | number)[][][];
    const asked: (number | undefined)[] = [];
    const stream = csvStream<number>(['naam', 'aantal'], async (after) => {
      asked.push(after);
      const lines = pages[after ?? 0]!;
      return { lines, next: (after ?? 0) + 1 };
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
    expect(text).toBe('\uFEFFnaam;aantal\r\na;1\r\nb;2\r\n');
    expect(asked).toEqual([undefined, 1, 2]);
  });
});
