// Every /api route, registered through route() so that each one is in the access table.
import { Router } from 'express';
import { registerAccountRoutes } from '../features/accounts/routes';
import { registerCustomerRoutes } from '../features/customers/routes';
import { registerDashboardRoutes } from '../features/dashboard/routes';
import { registerEntryRoutes } from '../features/entries/routes';
import { registerFollowUpRoutes } from '../features/followups/routes';
import { registerWhatsAppWebhookRoutes } from '../features/inbound/whatsapp-webhook';
import { registerIntegrationRoutes } from '../features/integrations/routes';
import { registerMessagingRoutes } from '../features/messaging/routes';
import { registerRoleRoutes } from '../features/roles/routes';
import { registerSettingsRoutes } from '../features/settings/routes';
import { registerTemplateRoutes } from '../features/templates/routes';
import { registerUploadRoutes } from '../features/uploads/routes';
import { registerUserRoutes } from '../features/users/routes';
import { backendsDown } from '../health/backends';
import { route } from './access';

export function createApiRouter(): Router {
  const router = Router();
  route(router, 'GET /health', async (_req, res) => {
    const down = await backendsDown();
    if (down.length === 0) {
      res.json({ status: 'ok' });
      return;
    }
    res
      .status(503)
      .json({ status: 'unavailable', down, message: `Unavailable: ${down.join(', ')}` });
  });
  registerAccountRoutes(router);
  registerUserRoutes(router);
  registerRoleRoutes(router);
  registerTemplateRoutes(router);
  registerSettingsRoutes(router);
  registerIntegrationRoutes(router);
  registerCustomerRoutes(router);
  registerUploadRoutes(router);
  registerEntryRoutes(router);
  registerFollowUpRoutes(router);
  registerWhatsAppWebhookRoutes(router);
  registerMessagingRoutes(router);
  registerDashboardRoutes(router);
  return router;
}
