DROP INDEX "pans_account_id_idx";--> statement-breakpoint
DROP INDEX "pans_pan_generation_id_idx";--> statement-breakpoint
ALTER TABLE "recipient_accounts" ADD COLUMN "is_card_pool" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pans" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_accounts_card_pool_key" ON "recipient_accounts" USING btree ("program_id") WHERE "recipient_accounts"."is_card_pool";--> statement-breakpoint
CREATE INDEX "pans_account_id_idx" ON "pans" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "pans_pan_generation_id_idx" ON "pans" USING btree ("pan_generation_id","id");--> statement-breakpoint
-- Hand-written: the printed-PAN accounts made before the flag (decision 0035) are marked as such.
UPDATE "recipient_accounts" SET "is_card_pool" = true WHERE "recipient_identifier" = 'PRINTED-PANS' AND "account_type_id" = 1;--> statement-breakpoint
-- Hand-written: every program has its printed-PAN account from now on (program add makes one with the program);
-- a program whose Account ID 'PRINTED-PANS' is taken by a recipient keeps none, and its setup answers 404.
INSERT INTO "recipient_accounts" ("program_id", "recipient_identifier", "account_type_id", "is_card_pool", "first_name", "last_name", "creation_channel")
SELECT p."id", 'PRINTED-PANS', 1, true, 'Printed', 'PANs', 'WEB' FROM "programs" p
WHERE NOT EXISTS (SELECT 1 FROM "recipient_accounts" r WHERE r."program_id" = p."id" AND (r."is_card_pool" OR r."recipient_identifier" = 'PRINTED-PANS'));
