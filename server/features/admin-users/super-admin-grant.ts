/**
 * What `npm run super-admin` does to the database (server/db/super-admin.cli.ts): the one
 * way to make the first super admin of a database started with DEMO_DATA=0, and to make
 * another one later without the web (the web has no such action).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  emailSchema,
  newAccountFields,
  newPasswordSchema,
  refusePersonalPassword,
} from '../../../contract/auth.schema';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { userOnboarding } from '../../db/schema/onboarding';
import { users } from '../../db/schema/users';
import { isUniqueViolation } from '../../lib/sql-state';
import { recordAudit } from '../audit-log/record-audit';
import { ONBOARDING_TOTAL_STEPS } from '../onboarding/onboarding.flows';
import { insertAccount } from '../users/accounts';

/** A new account's name, last name and password, checked as registration checks them. */
export const newSuperAdminSchema = z
  .object({
    email: emailSchema,
    name: newAccountFields.name,
    lastname: newAccountFields.lastname,
    password: newPasswordSchema,
  })
  .superRefine(refusePersonalPassword);
export type NewSuperAdmin = z.infer<typeof newSuperAdminSchema>;

/** What the grant did, for the operator's summary. */
export type SuperAdminOutcome =
  | { kind: 'created'; userId: number }
  | { kind: 'promoted'; userId: number; locked: boolean; active: boolean; hasPassword: boolean }
  | { kind: 'already'; userId: number };

/** True when `email` has an account (then the grant keeps its name and password). */
export async function hasAccount(db: Db, email: string): Promise<boolean> {
  const found = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return found.length > 0;
}

/**
 * Creates the account with `input`'s password when it has one and the e-mail has none yet,
 * else promotes the existing account. An account made meanwhile for the same e-mail (a
 * second grant at once) is promoted instead: one account, one audit row.
 */
export async function grantSuperAdmin(
  db: Db,
  input: { email: string } | NewSuperAdmin,
): Promise<SuperAdminOutcome> {
  if ('password' in input) {
    try {
      return await createSuperAdmin(db, input);
    } catch (error) {
      if (!isUniqueViolation(error, 'users_email_unique')) throw error;
    }
  }
  return promoteToSuperAdmin(db, input.email);
}

/**
 * Makes the account of `email` super admin, its password and everything else kept, with
 * its audit row in the same transaction (the actor is null: the command line). Nothing
 * is written for an account that already is one. The row is locked first, so grants run
 * at once write one audit row between them.
 */
async function promoteToSuperAdmin(db: Db, email: string): Promise<SuperAdminOutcome> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        id: users.id,
        isSuperAdmin: users.isSuperAdmin,
        lockedAt: users.lockedAt,
        status: users.status,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    if (!account) throw new Error(`No account with the e-mail ${email}`);
    if (account.isSuperAdmin) return { kind: 'already', userId: account.id };
    await tx
      .update(users)
      .set({ isSuperAdmin: true, updatedAt: new Date() })
      .where(eq(users.id, account.id));
    await skipOnboarding(tx, account.id);
    await recordAudit(tx, {
      actorUserId: null,
      action: 'user.super_admin_granted',
      targetType: 'user',
      targetId: account.id,
      details: { email, created: false, via: 'npm run super-admin' },
    });
    return {
      kind: 'promoted',
      userId: account.id,
      locked: account.lockedAt !== null,
      active: account.status === 'active',
      hasPassword: account.passwordHash !== null,
    };
  });
}

/**
 * Creates an active super admin account (its onboarding completed: see `skipOnboarding`)
 * and its audit row in one transaction. The password is hashed here and goes nowhere
 * else. An account made meanwhile for the same e-mail fails on `users_email_unique`.
 */
async function createSuperAdmin(db: Db, input: NewSuperAdmin): Promise<SuperAdminOutcome> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const account = await insertAccount(tx, {
      name: input.name,
      lastname: input.lastname,
      email: input.email,
      passwordHash,
    });
    await tx.update(users).set({ isSuperAdmin: true }).where(eq(users.id, account.id));
    await skipOnboarding(tx, account.id);
    await recordAudit(tx, {
      actorUserId: null,
      action: 'user.super_admin_granted',
      targetType: 'user',
      targetId: account.id,
      details: { email: input.email, created: true, via: 'npm run super-admin' },
    });
    return { kind: 'created', userId: account.id };
  });
}

/**
 * A super admin runs the platform, not a club: the club's set-up wizard is not theirs, so
 * their onboarding is marked completed (as the demo's super admin's is) and the first
 * sign-in lands on /admin/dashboard. A promoted account that had completed it keeps its row.
 */
async function skipOnboarding(tx: Pick<Db, 'insert'>, userId: number): Promise<void> {
  const steps = Array.from({ length: ONBOARDING_TOTAL_STEPS }, (_, index) => index + 1);
  const completed = {
    completed: true,
    currentStep: ONBOARDING_TOTAL_STEPS,
    completedSteps: steps,
    completedAt: new Date(),
    updatedAt: new Date(),
  };
  await tx
    .insert(userOnboarding)
    .values({ userId, roleName: 'Super Admin', ...completed })
    .onConflictDoUpdate({
      target: userOnboarding.userId,
      set: completed,
      setWhere: eq(userOnboarding.completed, false),
    });
}
