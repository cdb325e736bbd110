// npm run create-admin -- --email admin@company.in --password '…' --name 'Full Name'
//   [--phone +919800000001] [--project my-project]
// With FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST set it works on the emulators;
// otherwise on the real project, with application default credentials
// (`gcloud auth application-default login`).
import { parseArgs } from 'node:util';
import { createAdmin } from '../src/features/accounts/create-admin';
import { HttpError } from '../src/http/errors';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      project: { type: 'string' },
    },
  });
  if (!values.email || !values.password || !values.name) {
    throw new Error(
      'Usage: npm run create-admin -- --email <email> --password <password> --name <full name> [--phone <phone>] [--project <project id>]',
    );
  }
  if (values.project) process.env.GCLOUD_PROJECT = values.project;
  const emulators = process.env.FIREBASE_AUTH_EMULATOR_HOST
    ? ' (emulators)'
    : ` (project ${process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? 'from credentials'})`;
  const { uid, created } = await createAdmin({
    email: values.email,
    password: values.password,
    fullName: values.name,
    phone: values.phone,
  });
  console.log(
    `${created ? 'Created' : 'Updated'} admin ${values.email.trim().toLowerCase()} (uid ${uid})${emulators}: approved, role admin.`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(
      err instanceof HttpError || err instanceof Error ? err.message : `Failed: ${String(err)}`,
    );
    process.exit(1);
  },
);
