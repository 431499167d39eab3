export { type GradesAnswer, GradesSimulator } from './ui/grades-page.tsx';
export { ConversionCalculator, PassFailCheck } from './ui/grade-calculator.tsx';
export { SharedGrades } from './ui/shared-grades.tsx';
