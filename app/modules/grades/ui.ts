export { type GradesAnswer, GradesSimulator } from './ui/grades-page.tsx';
export {
  CHECK_ANSWER,
  CONVERSION_ANSWER,
  ConversionCalculator,
  PassFailCheck,
  RuleSources,
} from './ui/grade-calculator.tsx';
export { SharedGrades } from './ui/shared-grades.tsx';
