import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';

/**
 * A club's remembered column mapping for players imports (issue #34 item 4): for each
 * normalised header ('celmama') of a file it imported with a mapping it changed, the field
 * it chose (a key of `playerImportColumns`), or null for a column it chose not to import.
 * The next file with that header gets the same choice pre-filled.
 */
export const playerImportMappings = pgTable(
  'player_import_mappings',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    headerKey: text('header_key').notNull(),
    field: text('field'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'player_import_mappings_pk', columns: [t.clubId, t.headerKey] })],
);
