-- pg_restore (and pg_dump's output) runs with an empty search_path: a generated search column that
-- calls content_search_config while the data is restored could not find 'search_nl'. The function
-- now carries the search_path it was created under (where migration 0015 made the configurations),
-- so it finds them whoever calls it. Same body, same results.
CREATE OR REPLACE FUNCTION content_search_config(language text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
  AS $$ SELECT CASE language WHEN 'nl' THEN 'search_nl'::regconfig WHEN 'fr' THEN 'search_fr'::regconfig ELSE 'search_en'::regconfig END $$;
