import { Mail, MessageCircle, Phone } from 'lucide-react';
import { formatPhone, whatsAppDigits } from '../../../lib/phone';
import type { Customer } from '../api/types';

/** Call, WhatsApp and email the customer's first phone and email, in one tap. */
export function ContactLinks({ customer }: { customer: Customer }) {
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
            href={`https://wa.me/${whatsAppDigits(phone)}`}
            target="_blank"
            rel="noreferrer"
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
    </ul>
  );
}
