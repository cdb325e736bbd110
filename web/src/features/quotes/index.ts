// Quotations: the builder, the Quotes screen, one quote, and a customer's quotes.
export { QuoteBuilderPage } from './components/quote-builder-page';
export { QuotesPage } from './components/quotes-page';
export { QuotePage } from './components/quote-page';
export { CustomerQuotes } from './components/customer-quotes';
export { AcceptSuggestion } from './components/accept-suggestion';
