-- A card number is attached by one person, once to each of their programs (decision 0039): at most one card of a
-- number in a program. No route wrote external cards before this migration (only the demo data, whose numbers are
-- distinct), so no existing rows can break the new key. Its leading pan_hash answers the look-up the old
-- pan_hash index served; the account index serves the lists the old (account_id, pan_hash) key did.
DROP INDEX "external_cards_account_pan_key";--> statement-breakpoint
DROP INDEX "external_cards_pan_hash_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "external_cards_pan_program_key" ON "external_cards" USING btree ("pan_hash","program_id");--> statement-breakpoint
CREATE INDEX "external_cards_account_id_idx" ON "external_cards" USING btree ("account_id");