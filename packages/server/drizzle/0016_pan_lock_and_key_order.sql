DROP INDEX "pans_account_id_idx";--> statement-breakpoint
DROP INDEX "pans_pan_generation_id_idx";--> statement-breakpoint
ALTER TABLE "pans" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "pans_account_id_idx" ON "pans" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "pans_pan_generation_id_idx" ON "pans" USING btree ("pan_generation_id","id");