-- Decision 0087: fewer foreign-key checks a written row, each one query inside PostgreSQL. The audit log's actor and
-- a notification's event lose their keys; a benefit's account and program are checked by one two-column key.
ALTER TABLE "recipient_accounts" ADD CONSTRAINT "recipient_accounts_id_program_key" UNIQUE("id","program_id");--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_account_program_fk" FOREIGN KEY ("account_id","program_id") REFERENCES "public"."recipient_accounts"("id","program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefits" DROP CONSTRAINT "benefits_program_id_programs_id_fk";--> statement-breakpoint
ALTER TABLE "benefits" DROP CONSTRAINT "benefits_account_id_recipient_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_id_notification_events_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_users_id_fk";
