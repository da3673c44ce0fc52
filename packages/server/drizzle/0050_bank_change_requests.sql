CREATE TABLE "merchant_bank_change_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_bank_change_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bank_name" varchar(45),
	"account_number_encrypted" text NOT NULL,
	"account_number_last4" varchar(4) NOT NULL,
	"routing_number_encrypted" text NOT NULL,
	"routing_number_last4" varchar(4) NOT NULL,
	"account_type_id" smallint NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"middle_name" varchar(1),
	"last_name" varchar(100) NOT NULL,
	"note" varchar(200),
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"refusal_reason" varchar(200),
	CONSTRAINT "merchant_bank_change_requests_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "merchant_bank_change_requests_status_check" CHECK ("merchant_bank_change_requests"."status" in ('pending', 'applied', 'refused', 'withdrawn')),
	CONSTRAINT "merchant_bank_change_requests_type_check" CHECK ("merchant_bank_change_requests"."account_type_id" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "merchant_bank_change_requests" ADD CONSTRAINT "merchant_bank_change_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_bank_change_requests" ADD CONSTRAINT "merchant_bank_change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_bank_change_requests" ADD CONSTRAINT "merchant_bank_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_bank_change_requests_pending_key" ON "merchant_bank_change_requests" USING btree ("merchant_id") WHERE "merchant_bank_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "merchant_bank_change_requests_merchant_idx" ON "merchant_bank_change_requests" USING btree ("merchant_id","requested_at");