export { demoPayments, demoRefunds } from './db/tables.ts';
export { createDemoPaymentProvider } from './server/provider.server.ts';
export { demoPaymentPage, settleDemoPayment } from './server/demo-payments.server.ts';
