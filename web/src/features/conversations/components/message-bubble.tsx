import { BookmarkPlus, FileText, Mail, MessageCircle, Reply } from 'lucide-react';
import { AcceptSuggestion } from '../../quotes';
import type { ConversationMessage } from '../api/types';
import { CHANNEL_WORDS, failed, isImage, messageTime, stateWords } from '../model/message-view';

/**
 * One message as a chat shows it: the customer's on the left, the company's on the right, with
 * the template that went, the email's subject, files (images shown, others as links), the
 * message answered, and the time, channel and state (a failure with its reason). A message the
 * company sent with words can be saved as a quick reply.
 */
export function MessageBubble({
  message,
  onSaveAsReply,
}: {
  message: ConversationMessage;
  onSaveAsReply?: (message: ConversationMessage) => void;
}) {
  const mine = message.direction === 'out';
  const state = stateWords(message);
  const ChannelIcon = message.channel === 'email' ? Mail : MessageCircle;
  return (
    <li className={`bubble ${mine ? 'bubble--out' : 'bubble--in'}`} data-state={message.state}>
      <p className="bubble__who">
        {mine ? message.byName || 'Sent' : message.byName || 'Customer'}
        {message.templateName && (
          <span className="bubble__template"> · Template {message.templateName}</span>
        )}
      </p>
      {message.replyTo && (
        <blockquote className="bubble__quote">
          <Reply aria-hidden="true" size={12} /> {message.replyTo.text || 'An earlier message'}
        </blockquote>
      )}
      {message.subject && <p className="bubble__subject">{message.subject}</p>}
      {message.text && <p className="bubble__text">{message.text}</p>}
      {message.acceptSuggestion && (
        <AcceptSuggestion quoteId={message.acceptSuggestion.quoteId} text={message.text} />
      )}
      {message.files.length > 0 && (
        <ul className="bubble__files" aria-label="Files">
          {message.files.map((file) => (
            <li key={file.url}>
              {isImage(file) ? (
                <a href={file.url} target="_blank" rel="noreferrer">
                  <img className="bubble__image" src={file.url} alt={file.name} loading="lazy" />
                </a>
              ) : (
                <a className="bubble__file" href={file.url} target="_blank" rel="noreferrer">
                  <FileText aria-hidden="true" size={16} /> {file.name}
                  {file.size ? (
                    <span className="bubble__size"> ({fileSize(file.size)})</span>
                  ) : null}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className={`bubble__meta${failed(message) ? ' bubble__meta--failed' : ''}`}>
        <ChannelIcon aria-label={CHANNEL_WORDS[message.channel]} size={12} />
        <time dateTime={message.at}>{messageTime(message.at)}</time>
        {state && <span className="bubble__state">{state}</span>}
        {mine && message.text.trim() && onSaveAsReply && (
          <button
            type="button"
            className="icon-button bubble__save"
            aria-label="Save as quick reply"
            title="Save as quick reply"
            onClick={() => onSaveAsReply(message)}
          >
            <BookmarkPlus aria-hidden="true" size={14} />
          </button>
        )}
      </p>
    </li>
  );
}

/** 2.4 MB, 87 KB, 512 B. */
function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
