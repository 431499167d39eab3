export { StockNoticeForm, type StockNoticeAnswer, StockNoticeUndo } from './ui/stock-notice-form.tsx';
