-- A trigram index on players.search_text (the folded "name lastname", document and
-- guardian of migration 0008), so a search of the players or the payments grid reads the
-- few players it matches instead of every player of the club (bench/README.md "The
-- payments grid"). pg_trgm is a trusted extension (PostgreSQL 13+), registered in PGlite
-- by server/db/client.ts; where it cannot be created the search still works, unindexed.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS players_search_text_trgm_idx ON players USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported OR undefined_object THEN
  RAISE NOTICE 'pg_trgm is not available: searches read the players without a trigram index';
END;
$$;
