/** Selecting the already-selected singular value clears it (null); otherwise selects it (spec §4). */
export function toggleSingle<T>(current: T | null | undefined, value: T): T | null {
  return current === value ? null : value;
}

/** Array selection toggle (spec §4): removes the value when present, else appends it. Returns a new array. */
export function toggleInArray<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}
