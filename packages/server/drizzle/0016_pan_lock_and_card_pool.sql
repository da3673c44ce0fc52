DROP INDEX "pans_account_id_idx";--> statement-breakpoint
DROP INDEX "pans_pan_generation_id_idx";--> statement-breakpoint
ALTER TABLE "recipient_accounts" ADD COLUMN "is_card_pool" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pans" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_accounts_card_pool_key" ON "recipient_accounts" USING btree ("program_id") WHERE "recipient_accounts"."is_card_pool";--> statement-breakpoint
CREATE INDEX "pans_account_id_idx" ON "pans" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "pans_pan_generation_id_idx" ON "pans" USING btree ("pan_generation_id","id");--> statement-breakpoint
-- Hand-written: the printed-PAN accounts made before the flag (decision 0035) are marked as such.
UPDATE "recipient_accounts" SET "is_card_pool" = true WHERE "recipient_identifier" = 'PRINTED-PANS' AND "account_type_id" = 1;