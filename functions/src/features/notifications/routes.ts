// The live notifications: the latest a caller may see, and the stream of new ones.
import type { Router } from 'express';
import { route } from '../../http/access';
import { latestNotificationAnswers } from '../../domain/notifications/feed';
import { notificationStream } from './stream';

export function registerNotificationRoutes(router: Router): void {
  route(router, 'GET /notifications/latest', async (req, res) => {
    res.json(await latestNotificationAnswers(req.session!));
  });
  route(router, 'GET /notifications/stream', notificationStream);
}
