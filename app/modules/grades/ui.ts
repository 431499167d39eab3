export { type GradesAnswer, GradesSimulator } from './ui/grades-page.tsx';
