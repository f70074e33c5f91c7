-- Vacancy publishing (docs/behaviour/vacancies.md): status, closing date, employment type,
-- location and a readable slug. Existing vacancies stay open, full time in Antwerp (what every
-- vacancy page said before), with a slug made from the title as packages/shared/src/slug.ts does.
ALTER TABLE "vacancies" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "closing_date" date;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "employment_type" text DEFAULT 'FULL_TIME' NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "location" text DEFAULT 'Antwerp, Belgium' NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "slug" text DEFAULT 'vacancy' NOT NULL;--> statement-breakpoint
UPDATE "vacancies" SET "slug" = coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower(unaccent("title")), '[^a-z0-9]+', '-', 'g')), 80)), ''), 'vacancy');--> statement-breakpoint
CREATE INDEX "vacancies_public_idx" ON "vacancies" USING btree ("status", "closing_date");
