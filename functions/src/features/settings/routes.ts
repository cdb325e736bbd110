// /admin/settings (admin), the public /settings/public (the sign-in page and menu brand, and the
// company's time zone the web's clock keeps) and /settings/fixed-pdfs (every signed-in user: the
// PDFs the entry screens offer to attach).
import type { Router } from 'express';
import { getConfig } from '../../config';
import { route } from '../../http/access';
import { parseBody } from '../../http/validate';
import { updateSettingsSchema } from './schemas';
import {
  readSettings,
  readSettingsAndSecrets,
  updateSettingsAndSecrets,
} from '../../domain/settings/store';
import { applyUpdate, settingsView } from './view';

export function registerSettingsRoutes(router: Router): void {
  route(router, 'GET /settings/public', async (_req, res) => {
    const settings = await readSettings();
    res.json({
      companyName: settings.companyName,
      adminEmail: settings.adminEmails[0] ?? null,
      timeZone: getConfig().timeZone,
    });
  });

  route(router, 'GET /settings/fixed-pdfs', async (_req, res) => {
    // settingsFromData keeps only { title, url } of each stored PDF.
    res.json((await readSettings()).fixedPdfs);
  });

  route(router, 'GET /admin/settings', async (_req, res) => {
    const { settings, secrets } = await readSettingsAndSecrets();
    res.json(settingsView(settings, secrets));
  });

  route(router, 'PUT /admin/settings', async (req, res) => {
    const input = parseBody(updateSettingsSchema, req);
    const next = await updateSettingsAndSecrets(
      ({ settings, secrets }) => applyUpdate(settings, secrets, input),
      req.session?.uid ?? '',
    );
    res.json(settingsView(next.settings, next.secrets));
  });
}
