// `npm run admin:create -- --email admin@example.com [--password …]`: makes an administrator
// in the configured database (DATABASE_URL, or the embedded one in DATA_DIR). Without --password
// it asks for one without echoing it.
import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { openDatabase } from './db/database';
import { InvalidEnvError, loadEnv } from './env';
import { ensureAdministrator } from '../features/accounts/server/registration.service';
import { passwordProblem } from '../features/accounts/server/password-policy';
import { emailField } from '../shared/validation';

async function askPassword(): Promise<string> {
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
  });
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  process.stdout.write('Password for the administrator: ');
  output._writeToOutput = () => {};
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  const email = emailField.safeParse(values.email ?? '');
  if (!email.success)
    throw new Error(
      "Give the administrator's address: npm run admin:create -- --email admin@example.com",
    );
  const password = values.password ?? (await askPassword());
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const { created } = await ensureAdministrator({ db: database.db }, email.data, password);
    console.log(
      created
        ? `Administrator ${email.data} created.`
        : `Administrator ${email.data} already exists.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(
    error instanceof InvalidEnvError
      ? error.message
      : `Could not create the administrator: ${error.message}`,
  );
  process.exit(1);
});
