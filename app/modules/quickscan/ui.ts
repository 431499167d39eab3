export { QuickscanAdvice } from './ui/quickscan-advice.tsx';
export { QuickscanQuestions } from './ui/quickscan-questions.tsx';
