// The live notifications: the latest a caller may see, and the stream of new ones.
import type { Router } from 'express';
import { route } from '../../http/access';
import { latestNotifications } from '../../domain/notifications/feed';
import { notificationStream } from './stream';

export function registerNotificationRoutes(router: Router): void {
  route(router, 'GET /notifications/latest', async (req, res) => {
    const list = await latestNotifications(req.session!);
    res.json(list.map(({ eventId: _e, ...n }) => n));
  });
  route(router, 'GET /notifications/stream', notificationStream);
}
