import type { Db } from '../../db/client';
import { userOnboarding } from '../../db/schema/onboarding';
import { users } from '../../db/schema/users';

/** A transaction or the database itself: anything Drizzle can insert through. */
type Writer = Pick<Db, 'insert'>;

export interface NewAccount {
  name: string;
  lastname: string;
  /** Lower-cased already (the contract's emailSchema does it). */
  email: string;
  passwordHash: string;
}

/**
 * Writes a new person: the user row and their onboarding state (not started). Registration
 * and invitation acceptance both create accounts through here, inside their transaction;
 * a taken e-mail fails on the `users_email_unique` constraint for the caller to answer.
 */
export async function insertAccount(
  writer: Writer,
  account: NewAccount,
): Promise<{ id: number; tokenVersion: number }> {
  const [created] = await writer
    .insert(users)
    .values({ ...account, email: account.email.toLowerCase() })
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  if (!created) throw new Error('users insert returned no row');
  await writer.insert(userOnboarding).values({ userId: created.id });
  return created;
}
