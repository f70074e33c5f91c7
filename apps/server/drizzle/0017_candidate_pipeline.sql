-- The candidate pipeline (decision 0160): an application becomes a candidate for its vacancy; the
-- people behind candidates (one per address), the timeline of each candidate, interviews with their
-- interviewers and feedback, and the candidate mail templates that staff edit per language.
CREATE TABLE "applicants" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	-- Agreement to be kept for future vacancies: when, and the exact text agreed to. Null: erased by
	-- the retention job CANDIDATE_RETENTION_MONTHS after the vacancy closes or the rejection.
	"keep_consent_at" timestamp with time zone,
	"keep_consent_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_email_idx" ON "applicants" USING btree (lower("email"));--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_id" integer NOT NULL REFERENCES "applicants"("id") ON DELETE CASCADE,
	-- Null: the general pool (a spontaneous application).
	"vacancy_id" integer REFERENCES "vacancies"("id") ON DELETE SET NULL,
	-- The vacancy's title when applied, kept if the vacancy is deleted.
	"vacancy_title" text,
	-- The first application (its message and CV); later ones are 'applied' timeline entries.
	"message_id" integer REFERENCES "contact_messages"("id") ON DELETE SET NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"stage_reason" text,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- First answer to the candidate (a mail, or a stage past New): "waiting for an answer" until set.
	"answered_at" timestamp with time zone,
	"hired_at" timestamp with time zone,
	-- Rejected or withdrawn: the retention period counts from here.
	"closed_at" timestamp with time zone,
	-- The rejection mail's outbox row: set once, so a rejection is never sent twice.
	"rejection_mail_id" integer,
	CONSTRAINT "candidates_stage_check" CHECK ("stage" in ('new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'))
);--> statement-breakpoint
-- One candidate per person and vacancy, and one per person in the pool (no vacancy, no title: a
-- candidate whose vacancy was deleted keeps its title and is not in the pool).
CREATE UNIQUE INDEX "candidates_applicant_vacancy_idx" ON "candidates" USING btree ("applicant_id", "vacancy_id") WHERE "vacancy_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_applicant_pool_idx" ON "candidates" USING btree ("applicant_id") WHERE "vacancy_id" IS NULL AND "vacancy_title" IS NULL;--> statement-breakpoint
CREATE INDEX "candidates_vacancy_stage_idx" ON "candidates" USING btree ("vacancy_id", "stage", "applied_at");--> statement-breakpoint
CREATE INDEX "candidates_message_idx" ON "candidates" USING btree ("message_id");--> statement-breakpoint
CREATE TABLE "candidate_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL REFERENCES "candidates"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"actor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	-- Kept when the staff member is deleted; null for the candidate's own acts and the system's.
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "candidate_events_kind_check" CHECK ("kind" in ('applied', 'stage', 'note', 'mail', 'interview', 'feedback', 'consent'))
);--> statement-breakpoint
CREATE INDEX "candidate_events_candidate_idx" ON "candidate_events" USING btree ("candidate_id", "at", "id");--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL REFERENCES "candidates"("id") ON DELETE CASCADE,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"video_link" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	-- iCalendar: one UID for the interview's life, SEQUENCE raised by each update or cancellation.
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interviews_uid_unique" UNIQUE("uid"),
	CONSTRAINT "interviews_status_check" CHECK ("status" in ('scheduled', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX "interviews_candidate_idx" ON "interviews" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "interviews_starts_idx" ON "interviews" USING btree ("starts_at");--> statement-breakpoint
CREATE TABLE "interview_interviewers" (
	"interview_id" integer NOT NULL REFERENCES "interviews"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"recommendation" text,
	"feedback" text,
	"feedback_at" timestamp with time zone,
	CONSTRAINT "interview_interviewers_pk" PRIMARY KEY("interview_id", "user_id"),
	CONSTRAINT "interview_interviewers_recommendation_check" CHECK ("recommendation" in ('strong-no', 'no', 'yes', 'strong-yes'))
);--> statement-breakpoint
CREATE INDEX "interview_interviewers_user_idx" ON "interview_interviewers" USING btree ("user_id");--> statement-breakpoint
-- A stored template replaces the built-in default of its kind and language.
CREATE TABLE "candidate_mail_templates" (
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	CONSTRAINT "candidate_mail_templates_pk" PRIMARY KEY("kind", "language"),
	CONSTRAINT "candidate_mail_templates_kind_check" CHECK ("kind" in ('acknowledgement', 'invitation', 'rejection'))
);--> statement-breakpoint
-- When a vacancy was closed by hand: with its closing date, the start of its candidates' retention.
ALTER TABLE "vacancies" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "vacancies" SET "closed_at" = now() WHERE "status" = 'closed';--> statement-breakpoint
-- Existing applications become candidates in stage New: the previous release recorded no staff
-- decision on an application, so New is all that can be known. An application is a contact message
-- for a vacancy, or one without a vacancy that carries a CV (the general pool); erased ones stay out.
INSERT INTO "applicants" ("email", "full_name", "phone_number", "language", "created_at")
SELECT DISTINCT ON (lower(m.email)) lower(m.email), m.full_name, m.phone_number, m.language, m.created_at
FROM "contact_messages" m
WHERE m.kind = 'contact' AND m.erased_at IS NULL
  AND (m.vacancy_id IS NOT NULL OR m.vacancy_title IS NOT NULL OR m.attachment IS NOT NULL)
ORDER BY lower(m.email), m.created_at DESC, m.id DESC;--> statement-breakpoint
INSERT INTO "candidates" ("applicant_id", "vacancy_id", "vacancy_title", "message_id", "stage", "stage_changed_at", "applied_at")
SELECT DISTINCT ON (a.id, coalesce(m.vacancy_id::text, 't:' || m.vacancy_title, 'pool')) a.id, m.vacancy_id, m.vacancy_title, m.id, 'new', m.created_at, m.created_at
FROM "contact_messages" m
JOIN "applicants" a ON a.email = lower(m.email)
WHERE m.kind = 'contact' AND m.erased_at IS NULL
  AND (m.vacancy_id IS NOT NULL OR m.vacancy_title IS NOT NULL OR m.attachment IS NOT NULL)
ORDER BY a.id, coalesce(m.vacancy_id::text, 't:' || m.vacancy_title, 'pool'), m.created_at, m.id;--> statement-breakpoint
INSERT INTO "candidate_events" ("candidate_id", "kind", "at", "data")
SELECT c.id, 'applied', m.created_at, jsonb_build_object('messageId', m.id)
FROM "contact_messages" m
JOIN "applicants" a ON a.email = lower(m.email)
JOIN "candidates" c ON c.applicant_id = a.id
  AND coalesce(c.vacancy_id::text, 't:' || c.vacancy_title, 'pool') = coalesce(m.vacancy_id::text, 't:' || m.vacancy_title, 'pool')
WHERE m.kind = 'contact' AND m.erased_at IS NULL
  AND (m.vacancy_id IS NOT NULL OR m.vacancy_title IS NOT NULL OR m.attachment IS NOT NULL);
