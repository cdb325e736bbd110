// /customers routes. Reads need customers.read, writes customers.write (both in every
// employee's baseline); deleting is admin only. Merging is a write: the Merge button shows to
// everyone, so employees may merge too.
import type { Request, RequestHandler, Router } from 'express';
import type { ParamsDictionary } from 'express-serve-static-core';
import type { DuplicateFailure } from '../../contract/answers';
import { route } from '../../http/access';
import { HttpError } from '../../http/errors';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { getConfig } from '../../config';
import { OWNER_FILTER } from '../../contract/customers';
import { EXPORT_COLUMNS, exportFileName, streamCustomersCsv } from './export-csv';
import { listedByLine, listedErrors, readImportUpload } from './import-csv';
import { listPage, matchingCustomerPages, plainList } from './list';
import { mergeCustomers } from './merge';
import { ownerBody, setCustomerOwner } from './owner';
import { actorOf } from '../../domain/entries/actor';
import { CUSTOMER_NOT_FOUND, requireCustomer } from '../../domain/customers/store';
import { hasIdentity } from '../../domain/customers/normalize';
import {
  bulkBody,
  createBody,
  createTaxBody,
  LIST_PARAMS,
  listQuery,
  mergeBody,
  timelineQuery,
  updateBody,
  updateTaxBody,
} from './schemas';
import { timelinePage } from './timeline';
import { upsertRows } from './upsert';
import { createCustomer, deleteCustomer, DuplicateCustomerError, updateCustomer } from './write';

const QUICK_ADD_NEEDS_IDENTITY = 'Please add at least one name/phone/email.';

/** A customer write's handler, answering `A` or a 409's DuplicateFailure. */
type WriteHandler<A> = RequestHandler<ParamsDictionary, A | DuplicateFailure>;

/** A 409 carries the customer that already holds the phone or email. */
function answeringDuplicates<A>(handler: WriteHandler<A>): WriteHandler<A> {
  return async (req, res) => {
    try {
      await handler(req, res, () => undefined);
    } catch (err) {
      if (!(err instanceof DuplicateCustomerError)) throw err;
      res.status(409).json({ message: err.message, customer: err.customer });
    }
  };
}

const force = (req: Request) => req.query.force === 'true' || req.query.force === '1';

const customerId = (req: Request) => documentId(req.params.id, CUSTOMER_NOT_FOUND);

/** The list's query with `owner=me` read as the caller's id ("Mine"). */
function listQueryOf(req: Request) {
  const caller = req.query.owner === OWNER_FILTER.mine ? req.session?.uid : undefined;
  return listQuery.parse(caller ? { ...req.query, owner: caller } : req.query);
}

/** The owner of the customers a caller creates: the caller. */
async function ownerFrom(req: Request) {
  const actor = await actorOf(req.session!);
  return { _id: actor.uid, name: actor.name };
}

export function registerCustomerRoutes(router: Router): void {
  route(router, 'GET /customers', async (req, res) => {
    const paged = Object.keys(req.query).some((k) => LIST_PARAMS.includes(k));
    if (!paged) {
      res.json(await plainList());
      return;
    }
    const { filters, order, limit, cursor } = listQueryOf(req);
    res.json(await listPage(filters, order, limit, cursor));
  });

  route(router, 'GET /customers/export.csv', async (req, res) => {
    const { filters, order } = listQueryOf(req);
    const { timeZone } = getConfig();
    const pages = matchingCustomerPages(filters, order, EXPORT_COLUMNS);
    await streamCustomersCsv(res, pages, { name: exportFileName(new Date(), timeZone), timeZone });
  });

  // After export.csv, which the :id pattern would otherwise take.
  route(router, 'GET /customers/:id', async (req, res) => {
    res.json(await requireCustomer(customerId(req)));
  });

  route(router, 'GET /customers/:id/timeline', async (req, res) => {
    const id = customerId(req);
    const { limit, cursor } = timelineQuery.parse(req.query);
    res.json(await timelinePage(id, limit, cursor));
  });

  route(
    router,
    'POST /customers',
    answeringDuplicates(async (req, res) => {
      const fields = parseBody(createBody, req);
      const tax = parseBody(createTaxBody, req);
      const owner = await ownerFrom(req);
      res.status(201).json(await createCustomer(fields, { force: force(req), owner, tax }));
    }),
  );

  route(
    router,
    'POST /customers/bulk',
    answeringDuplicates(async (req, res) => {
      const body = parseBody(bulkBody, req);
      const rows = body.rows
        .map((fields, i) => ({
          line: i + 1,
          fields: { ...fields, categories: body.categories, potential: body.potential },
        }))
        .filter((row) => hasIdentity(row.fields));
      if (rows.length === 0) throw new HttpError(400, QUICK_ADD_NEEDS_IDENTITY);
      const result = await upsertRows(rows, {
        refuse: !force(req),
        withCustomers: true,
        owner: await ownerFrom(req),
      });
      res.json({
        created: result.created,
        updated: result.updated,
        skipped: result.skipped + (body.rows.length - rows.length),
        customers: result.customers,
        ...(result.errors.length > 0 ? { errors: result.errors } : {}),
      });
    }),
  );

  route(router, 'POST /customers/import.csv', async (req, res) => {
    const parsed = await readImportUpload(req);
    const result = await upsertRows(parsed.rows, {
      matchNames: true,
      owner: await ownerFrom(req),
    });
    const { errors, errorCount } = listedErrors([...parsed.errors, ...result.errors]);
    const merges = listedByLine(result.merges);
    res.json({
      created: result.created,
      updated: result.updated,
      skipped: result.skipped,
      errors,
      ...(errorCount > errors.length ? { errorCount } : {}),
      merges: merges.listed,
      ...(merges.count > merges.listed.length ? { mergeCount: merges.count } : {}),
    });
  });

  route(router, 'POST /customers/merge', async (req, res) => {
    const { primaryId, mergeIds } = parseBody(mergeBody, req);
    const session = req.session;
    if (!session) throw new HttpError(401, 'Sign in required');
    res.json(await mergeCustomers(primaryId, mergeIds, session));
  });

  route(
    router,
    'PUT /customers/:id',
    answeringDuplicates(async (req, res) => {
      const id = customerId(req);
      const input = parseBody(updateBody, req);
      const tax = parseBody(updateTaxBody, req);
      res.json(await updateCustomer(id, input, { force: force(req) }, tax));
    }),
  );

  route(router, 'PUT /customers/:id/owner', async (req, res) => {
    const { ownerId } = parseBody(ownerBody, req);
    res.json(await setCustomerOwner(customerId(req), ownerId));
  });

  route(router, 'DELETE /customers/:id', async (req, res) => {
    await deleteCustomer(customerId(req));
    res.json({ deleted: true });
  });
}
