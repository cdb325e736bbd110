import { Mail, MessageCircle, Phone } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { formatPhone, whatsAppDigits } from '../../../lib/phone';
import { useIsPhone } from '../../../lib/use-media-query';
import { CONVERSATION_ANCHOR } from '../../conversations';
import type { Customer } from '../api/types';

/**
 * Call, write and email the customer's first phone and email, in one tap. WhatsApp opens the
 * conversation (recorded): on this page, or on a phone as a screen of its own; wa.me stays as a
 * secondary link that says its chats are not.
 */
export function ContactLinks({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const phone = customer.phones?.[0];
  const email = customer.emails?.[0];
  if (!phone && !email) return null;
  return (
    <ul className="contact-links" aria-label="Contact">
      {phone && (
        <li>
          <a className="btn btn--outline btn--small" href={`tel:${phone}`}>
            <Phone aria-hidden="true" size={16} /> Call {formatPhone(phone)}
          </a>
        </li>
      )}
      {phone && (
        <li>
          <a
            className="btn btn--outline btn--small"
            href={`#${CONVERSATION_ANCHOR}`}
            onClick={(event) => {
              event.preventDefault();
              if (isPhone) {
                navigate({ hash: CONVERSATION_ANCHOR });
                return;
              }
              const panel = document.getElementById(CONVERSATION_ANCHOR);
              if (!panel) return;
              panel.scrollIntoView({ block: 'start' });
              panel.focus({ preventScroll: true });
            }}
          >
            <MessageCircle aria-hidden="true" size={16} /> WhatsApp
          </a>
        </li>
      )}
      {email && (
        <li>
          <a className="btn btn--outline btn--small" href={`mailto:${email}`}>
            <Mail aria-hidden="true" size={16} /> Email
          </a>
        </li>
      )}
      {phone && (
        <li className="contact-links__aside">
          <a href={`https://wa.me/${whatsAppDigits(phone)}`} target="_blank" rel="noreferrer">
            Open in WhatsApp
          </a>{' '}
          <span className="ui-muted">(chats there are not recorded here)</span>
        </li>
      )}
    </ul>
  );
}
