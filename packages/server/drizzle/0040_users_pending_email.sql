ALTER TABLE "users" ADD COLUMN "pending_email" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_pending_email_token_key" ON "users" USING btree ("pending_email_token_hash") WHERE "users"."pending_email_token_hash" is not null;