/** Dialog and button rules (spec §3 "Dialog data", §4 "Dialog", §5). */

export type DialogType = 'dialog' | 'alert';
export type DialogButton = 'ok' | 'cancel';

/** OK is always present; Cancel only for type 'dialog' (spec §4). */
export function dialogButtons(type: DialogType): readonly DialogButton[] {
  return type === 'dialog' ? ['ok', 'cancel'] : ['ok'];
}

/** Allowed button types (spec §5). */
export const BUTTON_VARIANTS = ['primary', 'secondary', 'tertiary', 'quaternary'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

/** Allowed button sizes: default '' or 'small' (spec §5). */
export const BUTTON_SIZES = ['', 'small'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

/** Whether a value is an allowed button type (spec §5). */
export function isButtonVariant(value: unknown): value is ButtonVariant {
  return (BUTTON_VARIANTS as readonly unknown[]).includes(value);
}

/** Whether a value is an allowed button size (spec §5). */
export function isButtonSize(value: unknown): value is ButtonSize {
  return (BUTTON_SIZES as readonly unknown[]).includes(value);
}
