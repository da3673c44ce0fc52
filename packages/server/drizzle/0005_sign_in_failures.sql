CREATE TABLE "sign_in_failures" (
	"username_hash" varchar(64) PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_failures_check" CHECK ("sign_in_failures"."failures" > 0)
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failed_at_idx" ON "sign_in_failures" USING btree ("last_failed_at");