import {
  customerQueryOptions as oneCustomer,
  LOAD_CUSTOMER_FAILED,
  useCustomer as useOneCustomer,
} from '../../../resources/customers/one';
import type { CustomerDetail } from './types';

export { LOAD_CUSTOMER_FAILED };

export const customerQueryOptions = (id: string) => oneCustomer<CustomerDetail>(id);

export const useCustomer = (id: string) => useOneCustomer<CustomerDetail>(id);
