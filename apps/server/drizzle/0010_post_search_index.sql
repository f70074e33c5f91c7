-- Full-text search through an index (docs/decisions/0138-post-search-index.md): the text-search
-- vector of each post is stored and GIN-indexed instead of computed for every post on every search.
-- array_to_string is only STABLE in general (element types may print differently per setting); on
-- text[] it is not, and a generated column needs an immutable expression, hence the wrapper.
CREATE OR REPLACE FUNCTION post_search_document(name text, content text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT name || ' ' || content || ' ' || array_to_string(tags, ' ') $$;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (to_tsvector('post_search'::regconfig, post_search_document("name", "content", "tags"))) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");
