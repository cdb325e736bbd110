// Understands the schedules jobs use, to run them locally: `every N minutes|hours` and
// five-field cron expressions whose fields are `*`, a number, a list `a,b` or a step `*/n`.

export type Schedule =
  { kind: 'interval'; everyMs: number } | { kind: 'cron'; fields: ((value: number) => boolean)[] };

function cronField(text: string, min: number, max: number): (value: number) => boolean {
  if (text === '*') return () => true;
  const step = /^\*\/(\d+)$/.exec(text);
  if (step) return (value) => (value - min) % Number(step[1]) === 0;
  const values = text.split(',').map(Number);
  if (values.some((v) => !Number.isInteger(v) || v < min || v > max)) {
    throw new Error(`Unsupported cron field "${text}"`);
  }
  return (value) => values.includes(value);
}

export function parseSchedule(text: string): Schedule {
  const every = /^every (\d+) (minute|minutes|hour|hours)$/.exec(text.trim());
  if (every) {
    const unit = every[2].startsWith('minute') ? 60_000 : 3_600_000;
    return { kind: 'interval', everyMs: Number(every[1]) * unit };
  }
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`Unsupported schedule "${text}"`);
  const ranges: [number, number][] = [
    [0, 59],
    [0, 23],
    [1, 31],
    [1, 12],
    [0, 6],
  ];
  return { kind: 'cron', fields: parts.map((p, i) => cronField(p, ...ranges[i])) };
}

/** Whether a cron schedule fires in the minute `at`, read in `timeZone`. */
export function cronMatches(schedule: Schedule, at: Date, timeZone: string): boolean {
  if (schedule.kind !== 'cron') return false;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      minute: 'numeric',
      hour: 'numeric',
      day: 'numeric',
      month: 'numeric',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday);
  const values = [parts.minute, parts.hour, parts.day, parts.month].map(Number).concat(weekday);
  return schedule.fields.every((matches, i) => matches(values[i]));
}
