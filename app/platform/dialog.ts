/** Dialog rules (spec §3 "Dialog data", §4 "Dialog"). */

export type DialogType = 'dialog' | 'alert';
export type DialogButton = 'ok' | 'cancel';

/** OK is always present; Cancel only for type 'dialog' (spec §4). */
export function dialogButtons(type: DialogType): readonly DialogButton[] {
  return type === 'dialog' ? ['ok', 'cancel'] : ['ok'];
}
