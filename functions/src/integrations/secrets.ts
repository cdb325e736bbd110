// Secrets kept in Cloud Secret Manager (`firebase functions:secrets:set NAME`) and bound to the
// api function in index.ts. In production a set secret takes precedence over what an admin
// saved on the Integrations screen; locally (and in tests) they are plain environment variables.
import { defineSecret } from 'firebase-functions/params';

export const sendgridApiKey = defineSecret('SENDGRID_API_KEY');
export const whatsappToken = defineSecret('WHATSAPP_TOKEN');
export const whatsappAppSecret = defineSecret('WHATSAPP_APP_SECRET');

/** Every secret the api function reads: bind these to it. */
export const integrationSecrets = [sendgridApiKey, whatsappToken, whatsappAppSecret];

// Secret Manager cannot hold an empty value: a deployment that uses the console's settings
// instead sets the secret to 'none'.
const UNSET = new Set(['', 'none', 'unset', '-']);

/**
 * The secret's value, or undefined when it is not set. Reads the environment directly: the
 * param's own value() logs a warning on every call when the secret is absent.
 */
export function secretOverride(
  secret: { name: string },
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const value = env[secret.name]?.trim() ?? '';
  return UNSET.has(value.toLowerCase()) ? undefined : value;
}
