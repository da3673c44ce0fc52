CREATE TABLE "card_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"pan_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"name" varchar(60) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "card_devices_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "pay_code_uses" (
	"device_id" integer NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"terminal_code" varchar(20) NOT NULL,
	"trace_day" date NOT NULL,
	"trace_number" varchar(20) NOT NULL,
	CONSTRAINT "pay_code_uses_device_id_nonce_pk" PRIMARY KEY("device_id","nonce")
);
--> statement-breakpoint
-- Programs that exist when PINs arrive keep selling without one until their staff turn it on (their recipients have
-- no PIN yet: requiring one at once would stop every sale); a program made from now on requires it by default.
ALTER TABLE "programs" ADD COLUMN "pin_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ALTER COLUMN "pin_required" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "pans" ADD COLUMN "pin_hash" varchar(80);--> statement-breakpoint
ALTER TABLE "pans" ADD COLUMN "pin_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pans" ADD COLUMN "pin_wrong_day" date;--> statement-breakpoint
ALTER TABLE "pans" ADD COLUMN "pin_wrong_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_devices" ADD CONSTRAINT "card_devices_pan_id_pans_id_fk" FOREIGN KEY ("pan_id") REFERENCES "public"."pans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_devices" ADD CONSTRAINT "card_devices_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_code_uses" ADD CONSTRAINT "pay_code_uses_device_id_card_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."card_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_devices_pan_id_idx" ON "card_devices" USING btree ("pan_id","id");--> statement-breakpoint
CREATE INDEX "pay_code_uses_used_at_idx" ON "pay_code_uses" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "transactions_terminal_wrong_pin_idx" ON "transactions" USING btree ("terminal_id","trx_datetime") WHERE "transactions"."resp_code_id" in (20, 21);--> statement-breakpoint
ALTER TABLE "pans" ADD CONSTRAINT "pans_pin_wrong_count_check" CHECK ("pans"."pin_wrong_count" >= 0);