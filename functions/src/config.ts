// Typed access to the environment the functions run with. Read on each call (it is cheap) so
// tests and the local stack can set variables before the first use.

export interface Config {
  /** Folder that holds uploaded files; unset means Cloud Storage (the default bucket). */
  filesDir: string | undefined;
  /** IANA time zone the company works in: day boundaries, "today", schedules. */
  timeZone: string;
}

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export function getConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    filesDir: nonEmpty(env.FILES_DIR),
    timeZone: timeZone(nonEmpty(env.COMPANY_TIME_ZONE) ?? DEFAULT_TIME_ZONE),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function timeZone(name: string): string {
  try {
    // Throws a RangeError for names the runtime's time zone database does not know.
    new Intl.DateTimeFormat('en-IN', { timeZone: name });
  } catch {
    throw new Error(`COMPANY_TIME_ZONE is not a known time zone: ${name}`);
  }
  return name;
}
