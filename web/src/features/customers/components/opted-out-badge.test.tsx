import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OptedOutBadge } from './opted-out-badge';

describe('OptedOutBadge', () => {
  it('shows two words, with the whole sentence read out and on hover', () => {
    const whatsappWindow = {
      phone: '+919876543210',
      open: false,
      openUntil: null,
      optedOutAt: '2026-11-30T10:00:00Z',
    };
    render(<OptedOutBadge customer={{ whatsappWindow }} />);
    const badge = screen.getByTitle('Opted out of WhatsApp (wrote STOP)');
    expect(badge).toHaveTextContent(/^Opted out of WhatsApp \(wrote STOP\)$/);
    expect(badge.firstChild).toHaveProperty('nodeValue', 'Opted out');
    expect(badge.querySelector('.visually-hidden')).toHaveTextContent('of WhatsApp (wrote STOP)');
  });

  it('shows nothing for a customer who may be written to', () => {
    const { container } = render(<OptedOutBadge customer={{ whatsappWindow: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
