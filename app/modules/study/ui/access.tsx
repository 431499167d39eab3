import { hasAccess } from '#app/modules/cards/index.ts';
import type { UserSubjectView } from '#app/modules/checks/index.ts';

export type AccessTone = 'full' | 'light' | 'none';

/** A subject's access as a pupil reads it (spec §4 Subject access). */
export function accessOf(subject: {
  stream?: Pick<UserSubjectView['stream'], 'userHasAccess' | 'isLightStream'> | null;
}): {
  tone: AccessTone;
  label: string;
} {
  if (hasAccess(subject)) return { tone: 'full', label: 'Volledige toegang' };
  if (subject.stream?.isLightStream) return { tone: 'light', label: 'Gratis proefversie' };
  return { tone: 'none', label: 'Geen toegang' };
}

const TONE_CLASSES: Readonly<Record<AccessTone, string>> = {
  full: 'bg-success-soft text-success',
  light: 'bg-accent/30 text-ink',
  none: 'bg-surface text-ink-soft',
};

/** The access of a subject as a badge. */
export function AccessBadge({ subject }: { subject: Pick<UserSubjectView, 'stream'> }) {
  const { tone, label } = accessOf(subject);
  return (
    <span className={`inline-flex w-fit rounded-full px-3 py-1 text-sm font-semibold ${TONE_CLASSES[tone]}`}>
      {label}
    </span>
  );
}
