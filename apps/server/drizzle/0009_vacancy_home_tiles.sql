-- Careers tiles tied to vacancies by the vacancy (docs/decisions/0124-careers-tiles-by-vacancy.md):
-- a tile used to open the open vacancy with its title, so renaming that vacancy detached it. Each
-- tile is now tied to the vacancy that it opened before this release: the open, unexpired one with
-- its title (case and outer spaces aside), else an older one with that title, the lowest id first.
ALTER TABLE "vacancies" ADD COLUMN "home_tile" text;--> statement-breakpoint
CREATE UNIQUE INDEX "vacancies_home_tile_idx" ON "vacancies" USING btree ("home_tile") WHERE "home_tile" IS NOT NULL;--> statement-breakpoint
UPDATE "vacancies" AS v SET "home_tile" = t.tile
FROM (VALUES ('java-developer', 'java developer'), ('office-manager', 'office manager'), ('admin-manager', 'admin manager')) AS t(tile, title)
WHERE v.id = (
  SELECT w.id FROM "vacancies" AS w
  WHERE lower(trim(w.title)) = t.title
  ORDER BY (w.status = 'open' AND (w.closing_date IS NULL OR w.closing_date >= (now() AT TIME ZONE 'Europe/Brussels')::date)) DESC, w.id
  LIMIT 1
);
