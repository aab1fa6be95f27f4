/*
 * Every table of the app, composed explicitly for Drizzle's relational queries and types
 * (client.ts opens the database with it). A new table in server/db/schema/ is added here.
 */
import {
  clubRoleModuleOverrides,
  clubRolePermissions,
  modules,
  permissions,
  rolePermissions,
  roles,
} from './schema/access';
import { announcements } from './schema/announcements';
import { loginAttempts, passwordResetTokens } from './schema/auth';
import { categories } from './schema/categories';
import { clubs } from './schema/clubs';
import { invitations } from './schema/invitations';
import { exports } from './schema/exports';
import { emailOutbox } from './schema/mail';
import { clubMemberships } from './schema/memberships';
import {
  chargeCategories,
  chargeDiscounts,
  chargePlayers,
  chargePriceChanges,
  charges,
  clubPaymentMethods,
  discounts,
  playerDiscounts,
} from './schema/money';
import { notificationPreferences, notifications } from './schema/notifications';
import { userOnboarding } from './schema/onboarding';
import {
  clubReceiptCounters,
  paymentEvents,
  paymentRecords,
  payments,
  receiptLinks,
} from './schema/payments';
import {
  auditLog,
  blogPosts,
  contactMessages,
  emailChangeTokens,
  jobRuns,
  massCommunications,
  platformSettings,
  serverErrors,
  sitePages,
} from './schema/platform';
import { paymentCollections } from './schema/payment-collections';
import { paymentCounts } from './schema/payment-counts';
import { paymentDebtors } from './schema/payment-debtors';
import { players } from './schema/players';
import {
  cities,
  countries,
  documentTypes,
  frequencies,
  genders,
  paymentMethods,
  sports,
  states,
} from './schema/reference';
import {
  calendarFeeds,
  sessionAttendance,
  sessionCallUps,
  sessionSeries,
  sessions,
} from './schema/sessions';
import { categoryTrainers, trainers } from './schema/trainers';
import { users } from './schema/users';

/** Every table, composed explicitly (no barrel file). */
export const schema = {
  users,
  clubs,
  clubMemberships,
  roles,
  modules,
  permissions,
  rolePermissions,
  clubRoleModuleOverrides,
  clubRolePermissions,
  invitations,
  userOnboarding,
  loginAttempts,
  passwordResetTokens,
  emailOutbox,
  exports,
  sports,
  frequencies,
  genders,
  countries,
  states,
  cities,
  documentTypes,
  paymentMethods,
  categories,
  trainers,
  categoryTrainers,
  players,
  clubPaymentMethods,
  discounts,
  charges,
  chargeCategories,
  chargePlayers,
  chargeDiscounts,
  playerDiscounts,
  chargePriceChanges,
  payments,
  paymentRecords,
  clubReceiptCounters,
  paymentEvents,
  receiptLinks,
  paymentCollections,
  paymentCounts,
  paymentDebtors,
  notifications,
  notificationPreferences,
  announcements,
  sessionSeries,
  sessions,
  sessionAttendance,
  sessionCallUps,
  calendarFeeds,
  auditLog,
  blogPosts,
  sitePages,
  platformSettings,
  massCommunications,
  contactMessages,
  emailChangeTokens,
  jobRuns,
  serverErrors,
};
