export { ReviewQueue } from './ui/review-queue.tsx';
