/**
 * Every background job of the app (ADR 007). To add one: write
 * app/jobs/<name>.ts with `defineJob({ name, schema?, schedule?, handler })`
 * and list it here. The queue (./queue.ts) creates its queue, runs a worker
 * for it and keeps its schedule; `enqueue` is typed from this list.
 */
import { backInStockJob } from '#app/jobs/back-in-stock.ts';
import { calibratePredictionsJob } from '#app/jobs/calibrate-predictions.ts';
import { cancelUnpaidOrdersJob } from '#app/jobs/cancel-unpaid-orders.ts';
import { consentRetentionJob } from '#app/jobs/consent-retention.ts';
import { fulfilOrderJob } from '#app/jobs/fulfil-order.ts';
import type { JobDefinition } from '#app/jobs/define.ts';
import { fitFsrsParametersJob } from '#app/jobs/fit-fsrs-parameters.ts';
import { newsletterRetentionJob } from '#app/jobs/newsletter-retention.ts';
import { parentDigestJob } from '#app/jobs/parent-digest.ts';
import { teacherDigestJob } from '#app/jobs/teacher-digest.ts';
import { refreshClassSummariesJob } from '#app/jobs/refresh-class-summaries.ts';
import { refreshTopicSummaryJob } from '#app/jobs/refresh-topic-summary.ts';
import { refundExtraPaymentJob } from '#app/jobs/refund-extra-payment.ts';
import { sendMailJob } from '#app/jobs/send-mail.ts';
import { syncSearchContentJob } from '#app/jobs/sync-search-content.ts';

export const registeredJobs = [
  consentRetentionJob,
  sendMailJob,
  syncSearchContentJob,
  fulfilOrderJob,
  cancelUnpaidOrdersJob,
  refundExtraPaymentJob,
  newsletterRetentionJob,
  backInStockJob,
  fitFsrsParametersJob,
  refreshTopicSummaryJob,
  refreshClassSummariesJob,
  parentDigestJob,
  teacherDigestJob,
  calibratePredictionsJob,
] as const satisfies readonly JobDefinition[];

export type RegisteredJob = (typeof registeredJobs)[number];
