// The toasts after a send (Add Entry, Resend): one per channel, saying what became of the
// message with the provider's reason in words.
import type { ToastTone } from '../../../lib/toast';
import type { Entry, SendStatus } from '../../../resources/entries';

export type SentChannel = 'whatsapp' | 'email';
export type SendToast = { message: string; tone: ToastTone };

export const CHANNEL_NAME: Record<SentChannel, string> = { whatsapp: 'WhatsApp', email: 'Email' };
export const NOT_DELIVERED: readonly (SendStatus | undefined)[] = ['failed', 'not_sent'];

/** 'WhatsApp sent', 'WhatsApp failed: <reason>', 'WhatsApp queued: …', or outcome unknown. */
export function channelToast(
  channel: SentChannel,
  dispatch: Entry['dispatch'] | undefined,
  failed: readonly string[] = [],
): SendToast {
  const name = CHANNEL_NAME[channel];
  const outcome = dispatch?.[channel];
  const reason = outcome?.error?.trim();
  if (failed.includes(channel) || NOT_DELIVERED.includes(outcome?.status)) {
    return { message: reason ? `${name} failed: ${reason}` : `${name} failed`, tone: 'warn' };
  }
  if (outcome?.status === 'queued') {
    return {
      message: `${name} queued: ${reason || 'it will be sent in a moment'}`,
      tone: 'info',
    };
  }
  if (outcome?.status === 'unknown') {
    return {
      message: `${name}: outcome unknown – ${reason || 'the provider did not answer in time'}. Channel Details shows it once the provider reports back; check there before resending.`,
      tone: 'warn',
    };
  }
  return { message: `${name} sent`, tone: 'success' };
}
