import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Onboarding progress, one row per user (5 steps by default, a flow per role). */
export const userOnboarding = pgTable('user_onboarding', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  completed: boolean('completed').notNull().default(false),
  currentStep: integer('current_step').notNull().default(1),
  totalSteps: integer('total_steps').notNull().default(5),
  completedSteps: integer('completed_steps').array().notNull().default([]),
  roleName: text('role_name').notNull().default('default'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
