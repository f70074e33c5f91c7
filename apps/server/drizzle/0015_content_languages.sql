-- Content in English, Dutch and French (docs/decisions/0155-content-translations.md). Every existing
-- row stays what it was and becomes the English version: posts and vacancies get the language of
-- their own (source) texts, 'en'; translations into the other languages live beside them.
--
-- Full-text search per language: each language's stemming, still accent-insensitive (unaccent
-- before the stemmer, as post_search of migration 0003 did before the simple dictionary).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'search_en') THEN
    CREATE TEXT SEARCH CONFIGURATION search_en (COPY = english);
    ALTER TEXT SEARCH CONFIGURATION search_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'search_nl') THEN
    CREATE TEXT SEARCH CONFIGURATION search_nl (COPY = dutch);
    ALTER TEXT SEARCH CONFIGURATION search_nl ALTER MAPPING FOR hword, hword_part, word WITH unaccent, dutch_stem;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'search_fr') THEN
    CREATE TEXT SEARCH CONFIGURATION search_fr (COPY = french);
    ALTER TEXT SEARCH CONFIGURATION search_fr ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
  END IF;
END $$;--> statement-breakpoint
-- A language's search configuration; an unknown language searches as English. Immutable, so a
-- generated column may use it: the configurations it names are never changed, only added.
CREATE OR REPLACE FUNCTION content_search_config(language text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE language WHEN 'nl' THEN 'search_nl'::regconfig WHEN 'fr' THEN 'search_fr'::regconfig ELSE 'search_en'::regconfig END $$;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "posts_search_idx";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (to_tsvector(content_search_config("language"), post_search_document("name", "content", "tags"))) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");--> statement-breakpoint
-- A post's text in another language than its own. source_digest is md5 of the source's title and
-- content when the translation was saved: it differs from today's once the source changed (outdated).
CREATE TABLE "post_translations" (
  "post_id" integer NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
  "language" text NOT NULL,
  "name" text NOT NULL,
  "slug" text NOT NULL,
  "content" text NOT NULL,
  "status" text DEFAULT 'draft' NOT NULL,
  "source_digest" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "search" tsvector GENERATED ALWAYS AS (to_tsvector(content_search_config("language"), "name" || ' ' || "content")) STORED,
  PRIMARY KEY ("post_id", "language")
);--> statement-breakpoint
CREATE INDEX "post_translations_search_en_idx" ON "post_translations" USING gin ("search") WHERE "language" = 'en';--> statement-breakpoint
CREATE INDEX "post_translations_search_nl_idx" ON "post_translations" USING gin ("search") WHERE "language" = 'nl';--> statement-breakpoint
CREATE INDEX "post_translations_search_fr_idx" ON "post_translations" USING gin ("search") WHERE "language" = 'fr';--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE TABLE "vacancy_translations" (
  "vacancy_id" integer NOT NULL REFERENCES "vacancies"("id") ON DELETE CASCADE,
  "language" text NOT NULL,
  "title" text NOT NULL,
  "slug" text NOT NULL,
  "expectation" text DEFAULT '' NOT NULL,
  "function" text DEFAULT '' NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "offer" text NOT NULL,
  "location" text DEFAULT '' NOT NULL,
  "status" text DEFAULT 'draft' NOT NULL,
  "source_digest" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("vacancy_id", "language")
);--> statement-breakpoint
-- The single-row texts (intro, masthead, privacy text, confirmation text) in the other languages;
-- the rows of intro, masthead and site_settings stay the English source.
CREATE TABLE "text_translations" (
  "item" text NOT NULL,
  "language" text NOT NULL,
  "fields" jsonb NOT NULL,
  "source_digest" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("item", "language")
);--> statement-breakpoint
-- The language a visitor wrote in (the Accept-Language of the page that sent it); earlier ones were English.
ALTER TABLE "contact_messages" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
