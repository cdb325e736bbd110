// What the app shell shows on every screen (the Inbox link with its unread count, the live
// toasts), apart from index.ts: importing the index would bring the whole feature (the reply
// box, the phone numbers' rules) into the first screen's load.
export { InboxLink, InboxLive } from './components/inbox-live';
