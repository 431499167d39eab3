/** The back office's exam data pages (issue 35). */
export const EXAM_DATA_PATHS = {
  list: '/beheer/examengegevens',
  timetable: (examYear?: number) => `/beheer/examengegevens/rooster${examYear ? `?jaar=${examYear}` : ''}`,
  nTerm: '/beheer/examengegevens/n-term',
  pastExam: '/beheer/examengegevens/oud-examen',
  change: (id: number) => `/beheer/examengegevens/wijzigingen/${id}`,
} as const;
