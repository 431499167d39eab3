/**
 * Why asking for a back-in-stock mail is refused (ADR 014): each reason with the HTTP status the API
 * (POST /api/v1/stock-notices) and the page answer it with. A refusal carries its Dutch message
 * (STOCK_NOTICE_MESSAGES, app/modules/stock-notices/domain/messages.ts).
 */

export const STOCK_NOTICE_REFUSAL_STATUS = {
  unknown_product: 404,
  /** It can be ordered now: no notice needed. */
  in_stock: 409,
  /** No longer sold (isOrderable 'N'): it does not come back. */
  not_coming_back: 409,
} as const satisfies Record<string, 404 | 409>;

export interface StockNoticeRefusal {
  reason: keyof typeof STOCK_NOTICE_REFUSAL_STATUS;
  message: string;
}
