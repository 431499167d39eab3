export {
  accountDataOf,
  CUSTOMER_REFUSAL_STATUS,
  CUSTOMER_SEARCH_LIMIT,
  deleteCustomer,
  exportCustomer,
  getCustomer,
  resendCustomerVerification,
  searchCustomers,
  startCustomerPasswordReset,
  type CustomerRefusal,
} from './server/customers.server.ts';
