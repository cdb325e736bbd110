// Conversation routes: a customer's conversation (any signed-in user who may read customers:
// the customer page shows it to everyone who can open the customer), the reply box, marking it
// read (the owner's unread only), and the Inbox.
import type { Request, Router } from 'express';
import { z } from 'zod';
import {
  CONVERSATION_DEFAULT_LIMIT,
  CONVERSATION_MAX_LIMIT,
  INBOX_DEFAULT_LIMIT,
  INBOX_MAX_LIMIT,
} from '../../contract/conversations';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { inboxPage, INBOX_SCOPES } from './inbox';
import { replyBody, sendReply } from './reply';
import { CUSTOMER_NOT_FOUND } from '../../domain/customers/store';
import { conversationPage, markConversationRead } from './thread';

// Query strings: an empty value is the same as none.
const param = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const pageQuery = (fallback: number, max: number) =>
  z.object({
    limit: param(z.coerce.number().int().min(1).max(max)).transform((l) => l ?? fallback),
    cursor: param(z.string().max(1000)),
  });
const conversationQuery = pageQuery(CONVERSATION_DEFAULT_LIMIT, CONVERSATION_MAX_LIMIT);
const inboxQuery = pageQuery(INBOX_DEFAULT_LIMIT, INBOX_MAX_LIMIT).extend({
  scope: param(z.enum(INBOX_SCOPES)).transform((s) => s ?? 'mine'),
  /** `broadcast`: only conversations in which a customer answered a broadcast. */
  replies: param(z.enum(['broadcast'])),
});

const customerId = (req: Request) => documentId(req.params.id, CUSTOMER_NOT_FOUND);

export function registerConversationRoutes(router: Router): void {
  route(router, 'GET /customers/:id/conversation', async (req, res) => {
    const { limit, cursor } = conversationQuery.parse(req.query);
    res.json(await conversationPage(customerId(req), limit, cursor));
  });

  route(router, 'POST /customers/:id/conversation', async (req, res) => {
    const input = parseBody(replyBody, req);
    res.status(201).json(await sendReply(customerId(req), input, req.session!));
  });

  route(router, 'POST /customers/:id/conversation/read', async (req, res) => {
    res.json(await markConversationRead(customerId(req), req.session!));
  });

  route(router, 'GET /inbox', async (req, res) => {
    const { scope, limit, cursor, replies } = inboxQuery.parse(req.query);
    res.json(await inboxPage(req.session!, scope, limit, cursor, replies === 'broadcast'));
  });
}
