export { STOCK_NOTICE_MESSAGES } from './domain/messages.ts';
export { STOCK_NOTICE_PATH, STOCK_NOTICE_TOKEN_PARAM } from './domain/stock-notices.ts';
export { stockNoticeReceiptSchema, stockNoticeSchema, stockNoticeTokenSchema } from './schemas/stock-notices.ts';
