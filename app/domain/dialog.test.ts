import { describe, expect, it } from 'vitest';
import { BUTTON_SIZES, BUTTON_VARIANTS, dialogButtons, isButtonSize, isButtonVariant } from './dialog.ts';

describe('dialogButtons (spec §4)', () => {
  it('shows OK and Cancel for a dialog, only OK for an alert', () => {
    expect(dialogButtons('dialog')).toEqual(['ok', 'cancel']);
    expect(dialogButtons('alert')).toEqual(['ok']);
  });
});

describe('buttons (spec §5)', () => {
  it('allows exactly the spec variants and sizes', () => {
    expect(BUTTON_VARIANTS).toEqual(['primary', 'secondary', 'tertiary', 'quaternary']);
    expect(BUTTON_SIZES).toEqual(['', 'small']);
  });

  it('guards variants', () => {
    for (const variant of BUTTON_VARIANTS) expect(isButtonVariant(variant)).toBe(true);
    for (const value of ['Primary', 'danger', '', undefined, null, 1]) expect(isButtonVariant(value)).toBe(false);
  });

  it('guards sizes', () => {
    expect(isButtonSize('')).toBe(true);
    expect(isButtonSize('small')).toBe(true);
    for (const value of ['large', 'Small', undefined, null, 0]) expect(isButtonSize(value)).toBe(false);
  });
});
