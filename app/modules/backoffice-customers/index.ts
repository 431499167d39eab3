export {
  ACCESS_SOURCE_LABELS,
  ACCESS_STREAM_LABELS,
  CUSTOMER_MESSAGES,
  CUSTOMER_ROLE_LABELS,
} from './domain/messages.ts';
export {
  customerAnswerSchema,
  customerChangedSchema,
  customerExportSchema,
  customerListSchema,
  customerMailSchema,
  customerParamsSchema,
  customerSearchSchema,
  deleteCustomerSchema,
  type CustomerDetailView,
  type CustomerExport,
  type CustomerRowView,
  type CustomerSearch,
  type DeleteCustomerInput,
} from './schemas/customers.ts';
