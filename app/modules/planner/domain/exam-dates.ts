/** How the plan writes an exam date. */
const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "14 mei 2027". */
export const formatExamDate = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));
