/**
 * Parents (issue 31): how a child's preparation of a subject reads for their parent — "op schema" or "loopt
 * achter" for the exam date, with a one-line reason — from the child's summary. Pure.
 */
export const MAX_PARENTS = 4;
/** A topic is ready at this recall on the exam morning (the class dashboard's target). */
export const READY_RECALL = 0.75;
/** Below this share of the minutes their plan asked in a week, a child is behind by effort. */
export const EFFORT_SHARE = 0.5;

export type ChildSubjectStatus = 'op_schema' | 'loopt_achter' | 'onbekend';
export const CHILD_STATUS_LABELS: Readonly<Record<ChildSubjectStatus, string>> = {
  op_schema: 'Op schema',
  loopt_achter: 'Loopt achter',
  onbekend: 'Nog geen gegevens',
};

export interface ChildSummary {
  missing: 'no_plan' | 'no_access' | null;
  recallExam: number | null;
  topicsBehind: number;
  topics: number;
  minutesAll7d: number;
  minutesAsked7d: number;
}

const pct = (share: number) => `${Math.round(share * 100)} %`;

/** The status of one subject with its reason, in one Dutch line. */
export function childSubjectStatus(
  name: string,
  summary: ChildSummary | null,
): { status: ChildSubjectStatus; reason: string } {
  if (!summary) return { status: 'onbekend', reason: `${name} leert dit vak nog niet met Slaagbundel.` };
  if (summary.missing === 'no_plan')
    return { status: 'onbekend', reason: `${name} heeft nog geen examenjaar gekozen.` };
  if (summary.missing === 'no_access')
    return { status: 'onbekend', reason: `${name} heeft geen toegang tot de lesstof.` };
  if (summary.topics === 0 || summary.recallExam === null) {
    return { status: 'onbekend', reason: `${name} is nog niet begonnen met dit vak.` };
  }
  const effort = summary.minutesAsked7d > 0 ? summary.minutesAll7d / summary.minutesAsked7d : 1;
  if (summary.topicsBehind > 0) {
    return {
      status: 'loopt_achter',
      reason:
        `${summary.topicsBehind} van de ${summary.topics} onderwerpen ${summary.topicsBehind === 1 ? 'zit' : 'zitten'} ` +
        `op de examendag onder ${pct(READY_RECALL)} (gemiddeld ${pct(summary.recallExam)}).`,
    };
  }
  if (effort < EFFORT_SHARE) {
    return {
      status: 'loopt_achter',
      reason: `Deze week ${summary.minutesAll7d} van de ${summary.minutesAsked7d} geplande minuten gestudeerd.`,
    };
  }
  return {
    status: 'op_schema',
    reason: `Elk onderwerp staat op de examendag op ${pct(READY_RECALL)} of meer (gemiddeld ${pct(summary.recallExam)}).`,
  };
}
