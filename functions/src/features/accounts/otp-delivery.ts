// How a code reaches its owner: by email or WhatsApp through the admin-configured senders.
import { sendEmail, sendWhatsApp, type SendOutcome } from '../../integrations';
import type { Identifier } from './identifier';
import { escapeHtml } from '../../integrations/email/escape-html';

export async function deliverCode(
  identifier: Identifier,
  code: string,
  ttlMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SendOutcome> {
  const minutes = Math.round(ttlMs / 60_000);
  const text = `Your CRM Console sign-in code is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`;
  if (identifier.channel === 'email') {
    return sendEmail({
      to: [identifier.value],
      subject: `Your sign-in code: ${code}`,
      text,
      html: `<p>${escapeHtml(text)}</p>`,
    });
  }
  // Business-initiated WhatsApp messages need an approved template outside the 24-hour window:
  // WHATSAPP_OTP_TEMPLATE names one whose single parameter is the code.
  const template = env.WHATSAPP_OTP_TEMPLATE?.trim();
  return sendWhatsApp(
    template
      ? {
          to: identifier.value,
          template: {
            name: template,
            language: env.WHATSAPP_OTP_TEMPLATE_LANGUAGE?.trim() || 'en',
            parameters: [code],
          },
        }
      : { to: identifier.value, text },
  );
}
