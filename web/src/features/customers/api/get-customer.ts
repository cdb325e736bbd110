import {
  customerQueryOptions,
  LOAD_CUSTOMER_FAILED,
  useCustomer,
} from '../../../resources/customers/one';

export { customerQueryOptions, LOAD_CUSTOMER_FAILED, useCustomer };
