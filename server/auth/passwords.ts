import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordQueue } from '../lib/password-queue';

/** scrypt cost: N=2^15, r=8, p=1 (32 MiB, ~50–200 ms here); stored with each hash so it can grow. */
export const PASSWORD_COST = { N: 2 ** 15, r: 8, p: 1 } as const;

/**
 * The cost new hashes take: PASSWORD_COST, except inside vitest (which sets VITEST), where
 * the same code hashes at N=2^10 (~3 ms instead of ~200 ms on a loaded CI machine; the API
 * suites register and sign in thousands of people). A hash carries its cost, so checking
 * one works the same either way; the browser tests' servers hash at full cost.
 */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): ScryptOptions {
  return env.VITEST ? { ...PASSWORD_COST, N: 2 ** 10 } : PASSWORD_COST;
}

const COST = passwordCost();
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/** One scrypt, waiting for a slot of the process's password queue. */
function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return passwordQueue.run(() => deriveNow(password, salt, options));
}

function deriveNow(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$<salt base64>$<key base64>`, at `cost` (the current one by default). */
export async function hashPassword(password: string, cost: ScryptOptions = COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

/** Compares in constant time; false (never an exception) for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await derive(password, Buffer.from(saltText, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the account does not exist, so the
 * response time does not tell whether an e-mail is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
