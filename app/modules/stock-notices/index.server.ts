export {
  cancelStockNotice,
  findStockNotice,
  requestStockNotice,
  sendBackInStockNotices,
} from './server/stock-notices.server.ts';
export { STOCK_NOTICE_REFUSAL_STATUS } from './server/refusals.server.ts';
