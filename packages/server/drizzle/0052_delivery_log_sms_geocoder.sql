CREATE TABLE "geocode_cache" (
	"query" varchar(300) PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"label" varchar(300),
	"provider" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" varchar(16) PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL,
	"keyword" varchar(20) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" varchar(60) DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" varchar(100);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "segments" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;