ALTER TABLE "contact_messages" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "transmitting_since" timestamp with time zone;--> statement-breakpoint
-- Added by hand (docs/decisions/0014-mail-hardening.md): a message claimed by the previous release may have been on the wire, since that release sent a whole batch at once. It keeps its old treatment: sent again, with the same Message-ID, once its lease has run out.
UPDATE "contact_messages" SET "transmitting_since" = now() WHERE "status" = 'sending';
