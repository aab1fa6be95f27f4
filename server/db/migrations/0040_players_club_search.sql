-- The payments grid's search reads the matching players of ONE club from a trigram index
-- that holds the club too (btree_gin: club_id and search_text in one GIN index). The
-- index of migration 0020 held every club's players, so a common name matched tens of
-- thousands of them on a platform of 1,000,000 players before the club was checked (14 ms
-- against 0.2; bench/HISTORY.md "The payments search at 1,000,000"). btree_gin is a trusted
-- extension (PostgreSQL 13+), registered in PGlite by server/db/client.ts; where it cannot
-- be created the old index stays and the search works as before.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gin;
  CREATE INDEX IF NOT EXISTS players_club_search_trgm_idx ON players USING gin (club_id, search_text gin_trgm_ops);
  DROP INDEX IF EXISTS players_search_text_trgm_idx;
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported OR undefined_object THEN
  RAISE NOTICE 'btree_gin is not available: the search keeps the trigram index of every club';
END;
$$;
