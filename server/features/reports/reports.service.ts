import diagnostics_channel from 'node:diagnostics_channel';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { paymentStatuses } from '../../db/schema/payments';
import {
  type ReportKind,
  type ReportQuery,
  reportMessages,
  reportStatuses,
} from '../../../contract/reports.schema';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/app-error';
import {
  type ClubRow,
  type UserRow,
  clubsBatch,
  countClubs,
  countPaymentRows,
  countUsers,
  paymentsBatch,
  usersBatch,
} from './reports.queries';
import type { Cell, ColumnKind } from '../../lib/table-writers';

/*
 * What each report says, cell by cell, in the order of contract/reports.schema.ts's
 * columns: Spanish words for statuses and yes/no, instants as dates (written in the
 * platform's zone by the writer), whole pesos.
 */

/** What each report's columns hold, in the order of their headers. */
export const reportColumnKinds = {
  clubs: ['number', 'text', 'text', 'text', 'text', 'number', 'number', 'datetime'],
  users: ['number', 'text', 'text', 'text', 'text', 'text', 'number', 'datetime'],
  payments: [
    'number',
    'text',
    'text',
    'money',
    'money',
    'money',
    ...paymentStatuses.map((): ColumnKind => 'number'),
  ],
} as const satisfies Record<ReportKind, readonly ColumnKind[]>;

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

const clubStatus = (row: ClubRow) =>
  row.suspended ? 'Suspendido' : row.status === 'archived' ? 'Archivado' : 'Activo';

export const clubCells = (row: ClubRow): Cell[] => [
  row.id,
  row.name,
  clubStatus(row),
  row.plan === 'pro' ? 'Pro' : 'Gratis',
  row.owner ?? '',
  row.players,
  row.members,
  row.createdAt,
];

export const userCells = (row: UserRow): Cell[] => [
  row.id,
  `${row.name} ${row.lastname}`.trim(),
  row.email ?? '',
  row.status === 'inactive' ? 'Inactivo' : 'Activo',
  yesNo(row.locked),
  yesNo(row.superAdmin),
  row.clubs,
  row.createdAt,
];

/** The report's filters, checked against what it accepts (422 on the field). */
function checkQuery(report: ReportKind, query: ReportQuery) {
  const statuses: readonly string[] = reportStatuses[report];
  if (query.status !== undefined && !statuses.includes(query.status)) {
    throw fieldError('status', reportMessages.status);
  }
  if (report !== 'payments' && (query.from || query.to)) {
    throw fieldError(query.from ? 'from' : 'to', reportMessages.month);
  }
}

/** A report: how many rows it has (counted first) and its rows in batches. */
export interface ReportSource {
  total: number;
  batches: AsyncIterable<Cell[][]>;
}

/** How a report's reading ended: to its last batch, or stopped (the client went away). */
export interface ReportReadEnd {
  report: ReportKind;
  /** Batches read from the database and handed to the writer. */
  batches: number;
  completed: boolean;
}

/**
 * Published once per report when its reading ends (node:diagnostics_channel: nothing runs
 * without a subscriber), so a test or a tracer can see that an aborted download stops
 * the queries.
 */
export const reportReadEnds = diagnostics_channel.channel('gestion-deportiva:reports:read-end');

/**
 * `batches`, counted, publishing how their reading ended; closing it closes theirs. Between
 * two batches the event loop gets a turn: PGlite answers in-process without any I/O, so
 * without it a report would hold up every other request and not even see its client leave
 * (the socket's close, which stops the reading, is I/O too).
 */
async function* observed<T>(report: ReportKind, batches: AsyncGenerator<T>): AsyncGenerator<T> {
  const end: ReportReadEnd = { report, batches: 0, completed: false };
  try {
    for await (const batch of batches) {
      end.batches++;
      yield batch;
      await nextTurn();
    }
    end.completed = true;
  } finally {
    if (reportReadEnds.hasSubscribers) reportReadEnds.publish(end);
  }
}

/**
 * Reads the first batch before the answer starts, so a failing query is still a 500 with
 * the app's JSON (and a server_errors row), not a download cut short.
 */
async function primed<T>(batches: AsyncGenerator<T>): Promise<AsyncIterable<T>> {
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}

export function createReportsService({ db }: { db: Db }) {
  async function* keyset<T extends { id: number }>(
    read: (after: number) => Promise<T[]>,
    cells: (row: T) => Cell[],
  ): AsyncGenerator<Cell[][]> {
    let after = 0;
    for (;;) {
      const batch = await read(after);
      if (batch.length === 0) return;
      yield batch.map(cells);
      after = batch[batch.length - 1]!.id;
    }
  }

  async function* payments(query: ReportQuery): AsyncGenerator<Cell[][]> {
    let after = 0;
    for (;;) {
      const { rows, lastClubId } = await paymentsBatch(db, query, after);
      if (lastClubId === null) return;
      after = lastClubId;
      // A batch of clubs without payments yields nothing and the next batch is read.
      if (rows.length === 0) continue;
      yield rows.map((row) => [
        row.clubId,
        row.club,
        row.period,
        row.billed,
        row.collected,
        row.debt,
        ...paymentStatuses.map((status) => row.counts[status]),
      ]);
    }
  }

  return {
    async open(report: ReportKind, query: ReportQuery): Promise<ReportSource> {
      checkQuery(report, query);
      switch (report) {
        case 'clubs':
          return {
            total: await countClubs(db, query),
            batches: await primed(
              observed(
                report,
                keyset((after) => clubsBatch(db, query, after), clubCells),
              ),
            ),
          };
        case 'users':
          return {
            total: await countUsers(db, query),
            batches: await primed(
              observed(
                report,
                keyset((after) => usersBatch(db, query, after), userCells),
              ),
            ),
          };
        case 'payments':
          return {
            total: await countPaymentRows(db, query),
            batches: await primed(observed(report, payments(query))),
          };
      }
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
