// Every /api route, registered through route() so that each one is in the access table.
import { Router } from 'express';
import { route } from './access';

export function createApiRouter(): Router {
  const router = Router();
  route(router, 'GET /health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return router;
}
