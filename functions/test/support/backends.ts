// Clears the emulators between tests: all documents and all accounts of the test project.
const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-crm';

export async function resetBackends(): Promise<void> {
  const firestore = process.env.FIRESTORE_EMULATOR_HOST;
  const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!firestore || !auth) throw new Error('The API test backends are not running (global setup)');
  const responses = await Promise.all([
    fetch(`http://${firestore}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, {
      method: 'DELETE',
    }),
    fetch(`http://${auth}/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: 'DELETE' }),
  ]);
  for (const res of responses)
    if (!res.ok) throw new Error(`Reset failed: ${res.status} ${res.url}`);
}
