CREATE TABLE "merchant_terminals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_terminals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"terminal_code" varchar(12) NOT NULL,
	"name" varchar(60) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "merchant_terminals_code_check" CHECK ("merchant_terminals"."terminal_code" ~ '^[0-9A-HJKMNP-TV-Z]{12}$')
);
--> statement-breakpoint
ALTER TABLE "merchant_terminals" ADD CONSTRAINT "merchant_terminals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_terminals" ADD CONSTRAINT "merchant_terminals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_terminals" ADD CONSTRAINT "merchant_terminals_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_terminals_code_key" ON "merchant_terminals" USING btree ("terminal_code");--> statement-breakpoint
CREATE INDEX "merchant_terminals_merchant_id_idx" ON "merchant_terminals" USING btree ("merchant_id","created_at");