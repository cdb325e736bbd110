// The customer book as the app shell uses it: the list, a customer's page and the global search.
export { CustomersPage } from './components/customers-page';
export { CustomerPage } from './components/customer-page';
export { CustomerSearch } from './components/customer-search';
