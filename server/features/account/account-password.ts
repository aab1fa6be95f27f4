import { eq } from 'drizzle-orm';
import { accountMessages } from '../../../contract/account.schema';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError, fieldError } from '../../lib/app-error';
import { messages } from '../../lib/error-handler';

/**
 * The signed-in person's row once `password` is proven theirs; 422 on `path` otherwise.
 * A row without a password (never the case for someone signed in) is checked against a
 * dummy hash, so the answer takes the same time.
 */
export async function provePassword(db: Db, userId: number, password: string, path: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, messages.notFound);
  const valid = user.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password);
  if (!valid) throw fieldError(path, accountMessages.wrongPassword);
  return user;
}
