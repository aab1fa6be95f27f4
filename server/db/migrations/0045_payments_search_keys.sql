-- The payments grid's search, read from posting lists of the club's period alone. The
-- index of 0043 (btree_gin: club, period and the text's trigrams) intersects the club's
-- posting list (every payment of the club) and the period's (every club's) with the
-- trigrams' (every club's, every period's): at 50 connections the search served two thirds
-- of the other lists' rate (bench/README.md, "payments search"). Here each key already
-- names its club and period ('1/9831/gom': club 1, the period 9,831 days after 2000-01-01,
-- the trigram "gom"), so the three posting lists of 'gómez' hold only that club's period's
-- matches; one key more names the period alone ('1/9831/'), for a search with no trigram
-- (under three letters), which then reads the club's period as 0043 did. Only the trigrams
-- within a word are keys: those of `q`'s words are all within the words of any text that
-- holds `q`, so every match has every key of its query (payments.queries.ts searchSql);
-- LIKE still decides. A search of every period reads the club's matching players first
-- (players_club_search_trgm_idx, 0040): keys of the club for every period would double
-- this index and the cost of billing a month. The functions keep the search path of the
-- migration, where pg_trgm was found: a restore or a reindex that runs them with another
-- one finds it the same.
CREATE FUNCTION "payment_search_scope"(club_id integer, period date) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT club_id::text || '/' || (period - DATE '2000-01-01')::text || '/' $$;--> statement-breakpoint
-- The trigrams of `text` within its words (pg_trgm); none without pg_trgm, so the search
-- still works, each club's period read with its LIKE.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE FUNCTION "payment_search_trigrams"(search text) RETURNS text[]
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
      AS $f$ BEGIN RETURN ARRAY(SELECT t FROM unnest(show_trgm(search)) AS t WHERE position(' ' in t) = 0); END $f$;
  ELSE
    CREATE FUNCTION "payment_search_trigrams"(search text) RETURNS text[]
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
      AS $f$ BEGIN RETURN ARRAY[]::text[]; END $f$;
    RAISE NOTICE 'pg_trgm is not available: the payments search reads the period without trigrams';
  END IF;
END;
$$;--> statement-breakpoint
-- A payment's keys: its club's period, alone and with each trigram.
CREATE FUNCTION "payment_search_keys"(club_id integer, period date, player_search text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
  scope text := payment_search_scope(club_id, period);
BEGIN
  RETURN scope || ARRAY(SELECT scope || t FROM unnest(payment_search_trigrams(player_search)) AS t);
END;
$$;--> statement-breakpoint
-- The keys a payment of club `club_id`'s `period` must hold to match the folded `q`: its
-- trigrams, or the period alone when it has none.
CREATE FUNCTION "payment_search_query_keys"(club_id integer, period date, q text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
  scope text := payment_search_scope(club_id, period);
  trigrams text[] := payment_search_trigrams(q);
BEGIN
  IF cardinality(trigrams) = 0 THEN
    RETURN ARRAY[scope];
  END IF;
  RETURN ARRAY(SELECT scope || t FROM unnest(trigrams) AS t);
END;
$$;--> statement-breakpoint
DROP INDEX IF EXISTS "payments_club_period_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "payments_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "payments_search_keys_idx" ON "payments" USING gin (payment_search_keys("club_id", "period", "player_search"));
