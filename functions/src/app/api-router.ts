// Every /api route, registered through route() so that each one is in the access table.
import { Router } from 'express';
import { registerAccountRoutes } from '../features/accounts';
import { registerBroadcastRoutes } from '../features/broadcasts';
import { registerConversationRoutes } from '../features/conversations';
import { registerCustomerRoutes } from '../features/customers';
import { registerDashboardRoutes } from '../features/dashboard';
import { registerEntryRoutes } from '../features/entries';
import { registerFollowUpRoutes } from '../features/followups';
import { registerWhatsAppWebhookRoutes } from '../features/inbound';
import { registerIntegrationRoutes } from '../features/integrations';
import { registerMessagingRoutes } from '../features/messaging';
import { registerNotificationRoutes } from '../features/notifications';
import { registerProductRoutes } from '../features/products';
import { registerQuoteRoutes } from '../features/quotes';
import { registerRoleRoutes } from '../features/roles';
import { registerSavedReplyRoutes } from '../features/saved-replies';
import { registerSavedSearchRoutes } from '../features/saved-searches';
import { registerSettingsRoutes } from '../features/settings';
import { registerTemplateRoutes } from '../features/templates';
import { registerUploadRoutes } from '../features/uploads';
import { registerUserRoutes } from '../features/users';
import { backendsDown } from '../health/backends';
import { route } from '../http/access';

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
  registerSavedReplyRoutes(router);
  registerSavedSearchRoutes(router);
  registerSettingsRoutes(router);
  registerIntegrationRoutes(router);
  registerCustomerRoutes(router);
  registerConversationRoutes(router);
  registerUploadRoutes(router);
  registerEntryRoutes(router);
  registerFollowUpRoutes(router);
  registerWhatsAppWebhookRoutes(router);
  registerMessagingRoutes(router);
  registerDashboardRoutes(router);
  registerNotificationRoutes(router);
  registerProductRoutes(router);
  registerQuoteRoutes(router);
  registerBroadcastRoutes(router);
  return router;
}
