/**
 * `npm run super-admin -- <email> [--name "Ada Admin"]`: makes `<email>` super admin on the
 * database the server would open (DATABASE_URL, else DATA_DIR/pglite, migrated first). An
 * existing account keeps its name and password; otherwise an active account is created
 * with `--name` and the password of SUPER_ADMIN_PASSWORD or, when unset, of the first line
 * of a standard input that is not a terminal. The password is never echoed or logged.
 * This is how a database started with DEMO_DATA=0 gets its first super admin (docs/deploy.md).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { emailSchema } from '../../contract/auth.schema';
import {
  type SuperAdminOutcome,
  grantSuperAdmin,
  hasAccount,
  newSuperAdminSchema,
} from '../features/admin-users/super-admin-grant';
import { BackupRefusal, backupTarget, lockDataDir, runCommand } from './backup/backup-cli-support';
import { openDb } from './client';
import { prepareDatabase } from './prepare';

const USAGE =
  'Uso: npm run super-admin -- <correo> [--name "Nombre Apellido"]\n' +
  '  La contraseña de una cuenta nueva se lee de SUPER_ADMIN_PASSWORD o de la primera línea ' +
  'de la entrada estándar (npm run super-admin -- … < archivo).';

/** The Spanish messages of a refused input, one a line. */
const reasons = (error: z.ZodError) =>
  [...new Set(error.issues.map((issue) => `  - ${issue.message}`))].join('\n');

function readArguments(): { email: string; fullName: string | undefined } {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { name: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch {
    throw new BackupRefusal(USAGE);
  }
  if (parsed.positionals.length !== 1) throw new BackupRefusal(USAGE);
  const email = emailSchema.safeParse(parsed.positionals[0]);
  if (!email.success) throw new BackupRefusal(`Correo no válido:\n${reasons(email.error)}`);
  return { email: email.data, fullName: parsed.values.name };
}

/** SUPER_ADMIN_PASSWORD, else the first line of a piped standard input. */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.SUPER_ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (process.stdin.isTTY) {
    throw new BackupRefusal(
      'Falta la contraseña de la cuenta nueva: defínela en SUPER_ADMIN_PASSWORD o pásala ' +
        'en la primera línea de la entrada estándar (… < archivo). No se escribió nada.',
    );
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let first: string | undefined;
  for await (const line of lines) {
    first = line;
    break;
  }
  lines.close();
  if (!first) {
    throw new BackupRefusal(
      'La entrada estándar no trajo ninguna contraseña (ni SUPER_ADMIN_PASSWORD está ' +
        'definida). No se escribió nada.',
    );
  }
  return first;
}

/** "Ada Lovelace Byron" → name "Ada", last name "Lovelace Byron". */
function splitName(fullName: string | undefined): { name: string; lastname: string } {
  const words = fullName?.trim().split(/\s+/) ?? [];
  if (words.length < 2) {
    throw new BackupRefusal(
      'No hay ninguna cuenta con ese correo: para crearla escribe su nombre y apellido con ' +
        '--name "Nombre Apellido". No se escribió nada.',
    );
  }
  return { name: words[0]!, lastname: words.slice(1).join(' ') };
}

function summary(email: string, outcome: SuperAdminOutcome): string {
  if (outcome.kind === 'created') {
    return `Cuenta creada: ${email} es super administrador (usuario ${outcome.userId}) y ya puede iniciar sesión.`;
  }
  if (outcome.kind === 'already') return `${email} ya era super administrador: no se cambió nada.`;
  const notes = [
    outcome.locked && 'La cuenta está bloqueada: no podrá iniciar sesión mientras lo esté.',
    !outcome.active && 'La cuenta está inactiva: no podrá iniciar sesión mientras lo esté.',
    !outcome.hasPassword &&
      'La cuenta no tiene contraseña todavía: puede crearla con «¿Olvidaste tu contraseña?».',
  ].filter(Boolean);
  return [
    `${email} ahora es super administrador (usuario ${outcome.userId}); su nombre y su contraseña no cambiaron.`,
    ...notes,
  ].join('\n');
}

await runCommand(async () => {
  const { email, fullName } = readArguments();
  const target = backupTarget();
  const lock = target.databaseUrl
    ? undefined
    : lockDataDir(
        target.dataDir,
        'crear el super administrador',
        'Con PostgreSQL (DATABASE_URL) no hace falta detenerlo.',
      );
  try {
    const handle = await openDb({ url: target.databaseUrl, dataDir: target.pgliteDir });
    try {
      await prepareDatabase(handle, { demo: false });
      let outcome: SuperAdminOutcome;
      if (await hasAccount(handle.db, email)) {
        if (fullName !== undefined || process.env.SUPER_ADMIN_PASSWORD) {
          console.log('La cuenta ya existe: no se usan --name ni SUPER_ADMIN_PASSWORD.');
        }
        outcome = await grantSuperAdmin(handle.db, { email });
      } else {
        const { name, lastname } = splitName(fullName);
        const input = newSuperAdminSchema.safeParse({
          email,
          name,
          lastname,
          password: await readPassword(),
        });
        if (!input.success) {
          throw new BackupRefusal(`No se creó la cuenta:\n${reasons(input.error)}`);
        }
        outcome = await grantSuperAdmin(handle.db, input.data);
      }
      console.log(summary(email, outcome));
    } finally {
      await handle.close();
    }
  } finally {
    lock?.release();
  }
});
