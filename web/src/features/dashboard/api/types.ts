// The dashboard's answers.
import type { LiveNotification } from '../../../lib/notification-stream';

export type {
  CategoryRow,
  ChannelBreakdown,
  Dashboard,
  EmployeeRow,
  FollowUpDue,
  FunnelRow,
  Overview,
  RecentItem,
  SeriesItem,
} from '@contract/answers';

/** A notification as GET /notifications/latest and the stream answer it. */
export type Notification = LiveNotification;
