CREATE TABLE "farmer_application_confirmations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "farmer_application_confirmations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(255) NOT NULL,
	"mobile_phone" varchar(10) NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"email_code_hash" text NOT NULL,
	"mobile_code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farmer_application_confirmations_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "farmer_application_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "farmer_application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"action" varchar(12) NOT NULL,
	"note" varchar(1000),
	"by_user_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farmer_application_programs" (
	"application_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	CONSTRAINT "farmer_application_programs_application_id_program_id_pk" PRIMARY KEY("application_id","program_id")
);
--> statement-breakpoint
CREATE TABLE "farmer_application_settings" (
	"program_id" integer PRIMARY KEY NOT NULL,
	"open" boolean DEFAULT false NOT NULL,
	"agreement_text" text DEFAULT '' NOT NULL,
	"agreement_text_es" text,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "farmer_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "farmer_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" varchar(10) DEFAULT 'submitted' NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"farm_name" varchar(50) NOT NULL,
	"contact_first_name" varchar(100) NOT NULL,
	"contact_last_name" varchar(100) NOT NULL,
	"email" varchar(255) NOT NULL,
	"mobile_phone" varchar(10) NOT NULL,
	"business_phone" varchar(10),
	"address1" varchar(60) NOT NULL,
	"address2" varchar(60),
	"city" varchar(60) NOT NULL,
	"state_code" varchar(2) NOT NULL,
	"zipcode" varchar(10) NOT NULL,
	"mailing_address" jsonb,
	"markets" jsonb NOT NULL,
	"crops" varchar(1000) NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tin_type_id" smallint NOT NULL,
	"tax_id_encrypted" text NOT NULL,
	"tax_id_last4" varchar(4) NOT NULL,
	"bank_name" varchar(45),
	"account_number_encrypted" text NOT NULL,
	"account_number_last4" varchar(4) NOT NULL,
	"routing_number_encrypted" text NOT NULL,
	"routing_number_last4" varchar(4) NOT NULL,
	"account_type_id" smallint NOT NULL,
	"bank_first_name" varchar(100) NOT NULL,
	"bank_middle_name" varchar(1),
	"bank_last_name" varchar(100) NOT NULL,
	"signature" varchar(201) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"status_token_hash" varchar(64) NOT NULL,
	"status_token_encrypted" text NOT NULL,
	"staff_request" varchar(1000),
	"refusal_reason" varchar(1000),
	"merchant_id" integer,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "farmer_applications_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "farmer_applications_status_token_hash_unique" UNIQUE("status_token_hash"),
	CONSTRAINT "farmer_applications_status_check" CHECK ("farmer_applications"."status" in ('submitted', 'more-info', 'approved', 'refused')),
	CONSTRAINT "farmer_applications_account_type_check" CHECK ("farmer_applications"."account_type_id" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "farmer_application_events" ADD CONSTRAINT "farmer_application_events_application_id_farmer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."farmer_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_application_events" ADD CONSTRAINT "farmer_application_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_application_programs" ADD CONSTRAINT "farmer_application_programs_application_id_farmer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."farmer_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_application_programs" ADD CONSTRAINT "farmer_application_programs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_application_settings" ADD CONSTRAINT "farmer_application_settings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_application_settings" ADD CONSTRAINT "farmer_application_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_applications" ADD CONSTRAINT "farmer_applications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_applications" ADD CONSTRAINT "farmer_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farmer_application_confirmations_created_idx" ON "farmer_application_confirmations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "farmer_application_events_application_idx" ON "farmer_application_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "farmer_application_programs_program_idx" ON "farmer_application_programs" USING btree ("program_id","application_id");--> statement-breakpoint
CREATE INDEX "farmer_applications_search_trgm_idx" ON "farmer_applications" USING gin (lower("farm_name" || ' ' || "contact_first_name" || ' ' || "contact_last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "farmer_applications_email_idx" ON "farmer_applications" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "farmer_applications_tax_last4_idx" ON "farmer_applications" USING btree ("tax_id_last4");--> statement-breakpoint
CREATE INDEX "farmer_applications_account_last4_idx" ON "farmer_applications" USING btree ("account_number_last4");--> statement-breakpoint
CREATE INDEX "farmer_applications_zip_idx" ON "farmer_applications" USING btree ("zipcode");--> statement-breakpoint
CREATE INDEX "farmer_applications_decided_idx" ON "farmer_applications" USING btree ("status","decided_at");--> statement-breakpoint
CREATE INDEX "merchant_bank_accounts_account_last4_idx" ON "merchant_bank_accounts" USING btree ("account_number_last4");--> statement-breakpoint
CREATE INDEX "merchants_tax_id_last4_idx" ON "merchants" USING btree ("tax_id_last4");