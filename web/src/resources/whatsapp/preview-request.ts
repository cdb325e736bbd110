export type { PreviewRequest } from '@contract/messaging';
