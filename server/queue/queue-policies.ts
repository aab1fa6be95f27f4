import type { QueueOptions } from 'pg-boss';

/*
 * The queues of server/queue/job-queue.ts: their names, each one's retries and expiry,
 * and the timings tests shorten.
 */

/** Every queue the app uses. */
export const queueNames = {
  mail: 'mail',
  paymentGeneration: 'payment-generation',
  paymentReminders: 'payment-reminders',
  sessionReminders: 'session-reminders',
  communications: 'communications',
  exports: 'exports',
  exportsCleanup: 'exports-cleanup',
} as const;

export type QueueName = (typeof queueNames)[keyof typeof queueNames];

/** The timings tests shorten; the defaults suit production. */
export interface QueueTimings {
  /** How often an idle worker asks for work (pg-boss's polling; ≥ 0.5). */
  pollSeconds: number;
  /**
   * The first retry's delay of an e-mail, doubled (with jitter) on each failure up to an
   * hour; also how long after it was written a mail not yet sent is taken by the queue.
   */
  mailRetrySeconds: number;
  /**
   * How long a delivery holds an e-mail before another may take it over (its server died
   * mid-send); well above one SMTP conversation's bound (server/mail/mailer.ts).
   */
  mailLeaseSeconds: number;
  /** How often pg-boss looks for jobs whose heartbeat lapsed and for due cron slots. */
  monitorSeconds: number;
  /** The first retry's delay of a failed export run, doubled on each failure. */
  exportRetrySeconds: number;
}

export const defaultQueueTimings: QueueTimings = {
  pollSeconds: 2,
  mailRetrySeconds: 60,
  mailLeaseSeconds: 120,
  monitorSeconds: 30,
  exportRetrySeconds: 30,
};

/** Runs of one export before it is marked failed (the first and its retries). */
export const EXPORT_ATTEMPTS = 4;

/** Each queue's retry and expiry policy. */
export function queuePolicies(timings: QueueTimings): Record<QueueName, QueueOptions> {
  const scheduled: QueueOptions = {
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    // A run of a federation-sized tenant may take long; a dead server's run is found by
    // its missing heartbeat instead.
    expireInSeconds: 3 * 60 * 60,
    heartbeatSeconds: Math.max(10, timings.monitorSeconds),
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  };
  return {
    mail: {
      retryLimit: 10,
      retryDelay: timings.mailRetrySeconds,
      retryBackoff: true,
      retryDelayMax: 60 * 60,
      // One SMTP conversation is bounded well below this (server/mail/mailer.ts); a job
      // whose server died is found by its missing heartbeat sooner.
      expireInSeconds: Math.max(120, timings.mailLeaseSeconds),
      heartbeatSeconds: Math.max(10, timings.monitorSeconds),
      deleteAfterSeconds: 7 * 24 * 60 * 60,
    },
    'payment-generation': scheduled,
    'payment-reminders': scheduled,
    'session-reminders': scheduled,
    'exports-cleanup': scheduled,
    // A mass communication's delivery: batches commit their progress, so a retry goes on
    // where the failed run stopped.
    communications: {
      retryLimit: 10,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 30 * 60,
      expireInSeconds: 60 * 60,
      heartbeatSeconds: Math.max(10, timings.monitorSeconds),
      deleteAfterSeconds: 7 * 24 * 60 * 60,
    },
    // A grid's export (docs/exports.md): a 300,000-row list takes minutes; a dead server's
    // run is found by its missing heartbeat and run again from the start.
    exports: {
      retryLimit: EXPORT_ATTEMPTS - 1,
      retryDelay: timings.exportRetrySeconds,
      retryBackoff: true,
      retryDelayMax: 30 * 60,
      expireInSeconds: 60 * 60,
      heartbeatSeconds: Math.max(10, timings.monitorSeconds),
      deleteAfterSeconds: 7 * 24 * 60 * 60,
    },
  };
}
