export type { SessionAnswer } from '@contract/answers';
