CREATE TABLE "staff_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"topic" varchar(40) NOT NULL,
	"text" varchar(500) NOT NULL,
	"status_id" smallint DEFAULT 0 NOT NULL,
	"notified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notifications_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "staff_notifications_status_check" CHECK ("staff_notifications"."status_id" between 0 and 2)
);
--> statement-breakpoint
DROP INDEX "agencies_program_code_key";--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "funding_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_notifications_user_status_idx" ON "staff_notifications" USING btree ("user_id","status_id","notified_date");--> statement-breakpoint
CREATE INDEX "agencies_program_name_idx" ON "agencies" USING btree ("program_id","name","id");--> statement-breakpoint
CREATE INDEX "agencies_name_idx" ON "agencies" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_program_code_key" ON "agencies" USING btree ("program_id",lower("code"));