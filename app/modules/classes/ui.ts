export { ClassHeader, classPath, pupilPath } from './ui/class-nav.tsx';
export { LEVEL_TONES, MasteryCell, MasteryLegend } from './ui/mastery-cell.tsx';
export { PUPIL_STATUS_TEXT, PupilDetail } from './ui/pupil-detail.tsx';
export { MyAssignments } from './ui/my-assignments.tsx';
