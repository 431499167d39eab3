export { belowZeroMessage, STOCK_MESSAGES } from './domain/messages.ts';
export {
  isLowStock,
  LOW_STOCK_THRESHOLD,
  STOCK_CHANGE_KIND_LABELS,
  STOCK_PATHS,
  type StockChangeKind,
} from './domain/stock.ts';
export {
  stockAdjustedSchema,
  stockAdjustSchema,
  stockChangesPageSchema,
  stockChangesQuerySchema,
  stockPageSchema,
  stockParamsSchema,
  stockQuerySchema,
  type StockAdjustInput,
  type StockChangesPage,
  type StockChangeView,
  type StockItemView,
  type StockQuery,
} from './schemas/stock.ts';
