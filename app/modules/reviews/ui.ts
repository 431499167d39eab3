export { NextStep } from './ui/next-step.tsx';
export { ReviewQueue } from './ui/review-queue.tsx';
export { TodayPlan } from './ui/today-plan.tsx';
