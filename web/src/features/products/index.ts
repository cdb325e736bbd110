// The product catalogue screen (admin).
export { ProductsPage } from './components/products-page';
