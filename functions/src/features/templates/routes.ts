// /admin/templates: everyone signed in reads them (the Add Entry box and the channel
// dropdowns), admins write them.
import type { Request, Router } from 'express';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { createTemplateSchema, updateTemplateSchema } from './schemas';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './service';

const uid = (req: Request) => req.session?.uid ?? '';
const id = (req: Request) => documentId(req.params.id, 'Template not found');

export function registerTemplateRoutes(router: Router): void {
  route(router, 'GET /admin/templates', async (_req, res) => {
    res.json(await listTemplates());
  });

  route(router, 'POST /admin/templates', async (req, res) => {
    const input = parseBody(createTemplateSchema, req);
    res.status(201).json(await createTemplate(input, uid(req)));
  });

  route(router, 'PUT /admin/templates/:id', async (req, res) => {
    const input = parseBody(updateTemplateSchema, req);
    res.json(await updateTemplate(id(req), input, uid(req)));
  });

  route(router, 'DELETE /admin/templates/:id', async (req, res) => {
    await deleteTemplate(id(req));
    res.json({ ok: true, _id: id(req) });
  });
}
