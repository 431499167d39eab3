export {
  adjustProductStock,
  listStock,
  STOCK_REFUSAL_STATUS,
  stockChangesOf,
  type StockRefusal,
} from './server/stock.server.ts';
