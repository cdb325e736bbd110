// The Approvals screen.
export { ApprovalsPage } from './components/approvals-page';
