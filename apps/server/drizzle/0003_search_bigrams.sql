-- The order centre's keyword search (docs/marketplace.md "Decisions"). pg_trgm cannot index a
-- two-character keyword (a trigram needs three characters), and most Chinese search words are
-- two characters (城市, 车展): the distinct lower-cased character pairs of a title, indexed with
-- GIN, answer those. Immutable, so an expression index may use it.
CREATE OR REPLACE FUNCTION zl_bigrams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT substr(lower(t), i, 2)), '{}') FROM generate_series(1, length(t) - 1) AS i $$;
