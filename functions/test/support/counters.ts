// The embedded Firestore's operation counters, for tests that keep reads and writes bounded.
const countersUrl = () =>
  `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${process.env.GCLOUD_PROJECT}/counters`;

export async function resetCounters(): Promise<void> {
  const res = await fetch(countersUrl(), { method: 'DELETE' });
  if (!res.ok) throw new Error(`Counter reset failed: ${res.status}`);
}

export async function readCounters(): Promise<{ reads: number; writes: number; deletes: number }> {
  const res = await fetch(countersUrl());
  return (await res.json()) as { reads: number; writes: number; deletes: number };
}
