export { NextStep } from './ui/next-step.tsx';
export { TodayPlan } from './ui/today-plan.tsx';
