import { describe, expect, it } from 'vitest';
import { dialogButtons } from './dialog.ts';

describe('dialogButtons (spec §4)', () => {
  it('shows OK and Cancel for a dialog, only OK for an alert', () => {
    expect(dialogButtons('dialog')).toEqual(['ok', 'cancel']);
    expect(dialogButtons('alert')).toEqual(['ok']);
  });
});
