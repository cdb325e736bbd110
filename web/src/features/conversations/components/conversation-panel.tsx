import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ListState } from '../../../lib/list-state';
import { NextPageButton } from '../../../lib/next-page-button';
import { useConversation, LOAD_CONVERSATION_FAILED } from '../api/get-conversation';
import { useMarkRead } from '../api/mark-read';
import { SaveReplyDialog } from '../../entries';
import type { ConversationMessage } from '../api/types';
import { MessageBubble } from './message-bubble';
import { QuoteLink } from './quote-link';
import { ReplyBox, type ConversationCustomer } from './reply-box';
import '../conversation.css';

import { CONVERSATION_ANCHOR } from '../../../lib/app-paths';

export { CONVERSATION_ANCHOR };

/**
 * A customer's conversation as a chat: WhatsApp and email, both ways, oldest at the top and
 * newest at the bottom (earlier pages on request), kept live by the app shell's stream, and
 * the reply box under it. Opening it, and a message arriving while it is on screen, tell the
 * server the owner has seen it. Given a `header`, it is a screen of its own: the thread fills
 * it and the reply box stays at the bottom.
 */
export function ConversationPanel({
  customer,
  header,
}: {
  customer: ConversationCustomer;
  header?: ReactNode;
}) {
  const thread = useConversation(customer._id);
  const markRead = useMarkRead(customer._id);
  // The sent message being saved as a quick reply, if any.
  const [saving, setSaving] = useState<ConversationMessage | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const messages = useMemo(
    () => [...(thread.data?.pages ?? [])].reverse().flatMap((page) => page.messages),
    [thread.data],
  );
  const newest = messages.at(-1)?._id;
  const newestFromCustomer = [...messages].reverse().find((m) => m.direction === 'in')?._id;
  const { mutate: read } = markRead;

  const loaded = thread.isSuccess;

  // Opened, and whenever the customer writes while it is on screen (or when the person comes
  // back to this tab): the conversation is seen.
  useEffect(() => {
    if (!loaded) return;
    const readIfSeen = () => {
      if (document.visibilityState === 'visible') read();
    };
    readIfSeen();
    document.addEventListener('visibilitychange', readIfSeen);
    return () => document.removeEventListener('visibilitychange', readIfSeen);
  }, [loaded, newestFromCustomer, read]);

  // Opened from the Inbox or a link (#conversation): the conversation in view.
  useEffect(() => {
    if (window.location.hash !== `#${CONVERSATION_ANCHOR}`) return;
    const panel = document.getElementById(CONVERSATION_ANCHOR);
    panel?.scrollIntoView({ block: 'start' });
    panel?.focus({ preventScroll: true });
  }, []);

  // The newest message in view, as a chat opens (and whenever a new one arrives).
  useLayoutEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [newest]);

  return (
    <section
      id={CONVERSATION_ANCHOR}
      className={header ? 'conversation conversation--screen' : 'ui-panel conversation'}
      aria-labelledby={header ? undefined : 'conversation-title'}
      aria-label={header ? `Conversation with ${customer.name}` : undefined}
      tabIndex={-1}
    >
      {header ?? (
        <div className="conversation__head">
          <h2 id="conversation-title" className="ui-panel__title">
            Conversation
          </h2>
          <QuoteLink customerId={customer._id} />
        </div>
      )}
      {/* A tab stop, so that a keyboard scrolls the thread too. */}
      <div className="conversation__thread" ref={list} tabIndex={0}>
        <NextPageButton
          pages={thread}
          label="Earlier messages"
          className="btn btn--ghost btn--small conversation__earlier"
        />
        <ListState
          query={thread}
          loading="Loading the conversation…"
          errorFallback={LOAD_CONVERSATION_FAILED}
          isEmpty={messages.length === 0}
          empty={
            <p className="ui-muted conversation__empty">
              No messages yet. What you send here, from Add Entry or a follow-up, and what{' '}
              {customer.name} writes back on WhatsApp or email shows here.
            </p>
          }
        >
          <ol className="conversation__messages" aria-label={`Messages with ${customer.name}`}>
            {messages.map((message) => (
              <MessageBubble key={message._id} message={message} onSaveAsReply={setSaving} />
            ))}
          </ol>
        </ListState>
      </div>
      <SaveReplyDialog
        message={
          saving
            ? {
                text: saving.text,
                files: saving.files.map(({ name, url, mimetype, size }) => ({
                  name,
                  url,
                  mimetype,
                  size: size ?? 0,
                })),
              }
            : null
        }
        onClose={() => setSaving(null)}
      />
      <ReplyBox
        customer={customer}
        onSent={() => read()}
        onFocus={() => read()}
        compact={header !== undefined}
      />
    </section>
  );
}
