import { hasAccess } from '../domain/study.ts';

/** How a subject's stream reads to a pupil (spec §4 Subject access). */
export function accessLabel(subject: { stream?: { userHasAccess: boolean; isLightStream: boolean } | null }): {
  label: string;
  tone: 'full' | 'light' | 'none';
} {
  if (hasAccess(subject)) return { label: 'Volledige toegang', tone: 'full' };
  if (subject.stream?.isLightStream) return { label: 'Gratis proefversie', tone: 'light' };
  return { label: 'Geen toegang', tone: 'none' };
}
