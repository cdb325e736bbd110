// /quotes: make, read, revise and answer quotations, and their PDF.
import type { Request, Router } from 'express';
import { route } from '../../http/access';
import { HttpError } from '../../http/errors';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { QUOTE_NOT_FOUND, requireQuoteData } from '../../domain/quotes/store';
import { companyToday } from '../../domain/figures/days';
import { createQuote, reviseQuote } from './create';
import { acceptQuote, declineQuote } from './status';
import { sendQuote, sendQuoteBody } from './send';
import { createQuoteBody, listQuotesQuery, reviseQuoteBody } from './schemas';
import { pdfFileName, PDF_TYPE, quotePdf } from './pdf-file';
import { toQuote } from './view';
import { listQuotes } from './list';

/** Quotes on a page when the request does not say. */
const DEFAULT_PAGE = 50;

const quoteId = (req: Request) => documentId(req.params.id, QUOTE_NOT_FOUND);
const sessionOf = (req: Request) => {
  if (!req.session) throw new HttpError(401, 'Sign in required');
  return req.session;
};

export function registerQuoteRoutes(router: Router): void {
  route(router, 'GET /quotes', async (req, res) => {
    const query = listQuotesQuery.parse(req.query);
    res.json(await listQuotes({ ...query, limit: query.limit ?? DEFAULT_PAGE }));
  });

  route(router, 'GET /quotes/:id', async (req, res) => {
    const id = quoteId(req);
    res.json(toQuote(id, await requireQuoteData(id), companyToday()));
  });

  route(router, 'GET /quotes/:id/pdf', async (req, res) => {
    const id = quoteId(req);
    const data = await requireQuoteData(id);
    const bytes = await quotePdf(id, data, companyToday());
    res.set({
      'Content-Type': PDF_TYPE,
      'Content-Disposition': `inline; filename="${pdfFileName(String(data.number))}"`,
      'Cache-Control': 'private, no-cache',
    });
    res.send(bytes);
  });

  route(router, 'POST /quotes', async (req, res) => {
    const input = parseBody(createQuoteBody, req);
    res.status(201).json(await createQuote(input, sessionOf(req)));
  });

  route(router, 'POST /quotes/:id/revise', async (req, res) => {
    const input = parseBody(reviseQuoteBody, req);
    res.status(201).json(await reviseQuote(quoteId(req), input, sessionOf(req)));
  });

  route(router, 'POST /quotes/:id/accept', async (req, res) => {
    res.json(await acceptQuote(quoteId(req), sessionOf(req)));
  });

  route(router, 'POST /quotes/:id/decline', async (req, res) => {
    res.json(await declineQuote(quoteId(req), sessionOf(req)));
  });

  route(router, 'POST /quotes/:id/send', async (req, res) => {
    const input = parseBody(sendQuoteBody, req);
    res.json(await sendQuote(quoteId(req), input, sessionOf(req)));
  });
}
