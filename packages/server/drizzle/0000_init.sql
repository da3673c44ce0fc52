CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "benefit_option_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"descr" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "benefit_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"option_type_id" integer NOT NULL,
	"descr" varchar(100) NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funding_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"program_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_sources_name_check" CHECK (char_length("funding_sources"."name") between 2 and 30)
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(45) NOT NULL,
	"short_name" varchar(20) NOT NULL,
	"status_id" smallint DEFAULT 0 NOT NULL,
	"bin" varchar(8),
	"series_nbr" varchar(8),
	"contact_email" varchar(200),
	"contact_phone" varchar(20),
	"contact_address1" varchar(60),
	"contact_address2" varchar(60),
	"contact_city" varchar(60),
	"contact_state_code" varchar(2),
	"contact_zip" varchar(10),
	"start_date" date,
	"end_date" date,
	"configuration" varchar(1000),
	"benefit_amount" numeric(12, 2),
	"benefit_expiration_days" smallint,
	"incentive_expiration_days" smallint,
	"funding_amount" numeric(12, 2),
	"funding_date" date,
	"last_issuance_date" date,
	"enable_benefit_note" boolean DEFAULT false NOT NULL,
	"benefit_option_type_id" integer,
	"max_printed_pans" integer DEFAULT 0 NOT NULL,
	"time_zone" varchar(64) DEFAULT 'America/New_York' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "programs_short_name_unique" UNIQUE("short_name"),
	CONSTRAINT "programs_status_id_check" CHECK ("programs"."status_id" in (0, 1)),
	CONSTRAINT "programs_bin_series_check" CHECK (("programs"."bin" is null or "programs"."bin" ~ '^[0-9]+$') and ("programs"."series_nbr" is null or "programs"."series_nbr" ~ '^[0-9]+$')
        and ("programs"."bin" is null or "programs"."series_nbr" is null or char_length("programs"."bin") + char_length("programs"."series_nbr") = 9)),
	CONSTRAINT "programs_contact_state_code_check" CHECK ("programs"."contact_state_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "programs_dates_check" CHECK ("programs"."end_date" >= "programs"."start_date"),
	CONSTRAINT "programs_benefit_amount_check" CHECK ("programs"."benefit_amount" between 0 and 9999.99),
	CONSTRAINT "programs_benefit_expiration_days_check" CHECK ("programs"."benefit_expiration_days" between 0 and 9999),
	CONSTRAINT "programs_incentive_expiration_days_check" CHECK ("programs"."incentive_expiration_days" between 0 and 9999),
	CONSTRAINT "programs_funding_amount_check" CHECK ("programs"."funding_amount" >= 0),
	CONSTRAINT "programs_max_printed_pans_check" CHECK ("programs"."max_printed_pans" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"program_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"code" varchar(20) NOT NULL,
	"funding_amount" numeric(12, 2),
	"funding_alert" smallint DEFAULT 1 NOT NULL,
	"funding_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencies_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "agencies_funding_amount_check" CHECK ("agencies"."funding_amount" >= 0),
	CONSTRAINT "agencies_funding_alert_check" CHECK ("agencies"."funding_alert" >= 0)
);
--> statement-breakpoint
CREATE TABLE "privileges" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"descr" varchar(200) NOT NULL,
	CONSTRAINT "privileges_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "role_privileges" (
	"role_id" integer NOT NULL,
	"privilege_id" integer NOT NULL,
	CONSTRAINT "role_privileges_role_id_privilege_id_pk" PRIMARY KEY("role_id","privilege_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"descr" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_id_check" CHECK ("roles"."id" > 0),
	CONSTRAINT "roles_descr_check" CHECK (char_length("roles"."descr") between 2 and 20)
);
--> statement-breakpoint
CREATE TABLE "user_agencies" (
	"user_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_agencies_user_id_agency_id_pk" PRIMARY KEY("user_id","agency_id")
);
--> statement-breakpoint
CREATE TABLE "user_programs" (
	"user_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_programs_user_id_program_id_pk" PRIMARY KEY("user_id","program_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(20) NOT NULL,
	"email" varchar(255) NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"first_name" varchar(100) NOT NULL,
	"middle_name" varchar(1),
	"last_name" varchar(100) NOT NULL,
	"mobile" varchar(20),
	"phone" varchar(20),
	"status_id" smallint DEFAULT 0 NOT NULL,
	"role_id" integer NOT NULL,
	"otp_preference" varchar(5) DEFAULT 'email' NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"failed_resets" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "users_status_id_check" CHECK ("users"."status_id" between 0 and 4),
	CONSTRAINT "users_otp_preference_check" CHECK ("users"."otp_preference" in ('email', 'sms')),
	CONSTRAINT "users_failed_logins_check" CHECK ("users"."failed_logins" >= 0),
	CONSTRAINT "users_failed_resets_check" CHECK ("users"."failed_resets" >= 0)
);
--> statement-breakpoint
CREATE TABLE "security_questions" (
	"id" integer PRIMARY KEY NOT NULL,
	"text" varchar(200) NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_security_answers" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_security_answers_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"token_hash" text NOT NULL,
	"context" varchar(100),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_purpose_check" CHECK ("user_tokens"."purpose" in ('activation', 'reset', 'otp')),
	CONSTRAINT "user_tokens_attempts_check" CHECK ("user_tokens"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recipient_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipient_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"program_id" integer NOT NULL,
	"agency_id" integer,
	"user_id" integer,
	"recipient_identifier" varchar(25) NOT NULL,
	"status_id" smallint DEFAULT 0 NOT NULL,
	"account_type_id" smallint DEFAULT 0 NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"middle_name" varchar(1),
	"last_name" varchar(100) NOT NULL,
	"address1" varchar(60),
	"address2" varchar(60),
	"city" varchar(60),
	"state_code" varchar(2),
	"zipcode" varchar(10),
	"email" varchar(255),
	"mobile_phone" varchar(20),
	"card_issuance" boolean DEFAULT false NOT NULL,
	"creation_channel" varchar(20) DEFAULT 'API' NOT NULL,
	"updation_channel" varchar(20),
	"applicant_id" integer,
	"max_printed_pans" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_accounts_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "recipient_accounts_status_id_check" CHECK ("recipient_accounts"."status_id" between 0 and 2),
	CONSTRAINT "recipient_accounts_account_type_id_check" CHECK ("recipient_accounts"."account_type_id" in (0, 1)),
	CONSTRAINT "recipient_accounts_state_code_check" CHECK ("recipient_accounts"."state_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "recipient_accounts_max_printed_pans_check" CHECK ("recipient_accounts"."max_printed_pans" >= 0)
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"program_id" integer NOT NULL,
	"application_id" integer,
	"first_name" varchar(100) NOT NULL,
	"middle_name" varchar(1),
	"last_name" varchar(100) NOT NULL,
	"address1" varchar(60) NOT NULL,
	"address2" varchar(60),
	"city" varchar(60) NOT NULL,
	"state_code" varchar(2) NOT NULL,
	"zipcode" varchar(10) NOT NULL,
	"email" varchar(255) NOT NULL,
	"mobile_phone" varchar(20) NOT NULL,
	"agreed_at" timestamp with time zone,
	"processed_account_id" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicants_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "applicants_state_code_check" CHECK ("applicants"."state_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "application_programs" (
	"application_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	CONSTRAINT "application_programs_application_id_program_id_pk" PRIMARY KEY("application_id","program_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"descr" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "benefits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"program_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"agency_id" integer,
	"funding_source_id" integer,
	"incentive_id" integer,
	"authorization_number" varchar(20) NOT NULL,
	"benefit_type_id" smallint DEFAULT 1 NOT NULL,
	"status_id" smallint DEFAULT 0 NOT NULL,
	"available_date" date NOT NULL,
	"expiration_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"balance" numeric(12, 2) NOT NULL,
	"note" varchar(100),
	"benefit_option_id" integer,
	"notified_recipient" boolean DEFAULT false NOT NULL,
	"creation_channel" varchar(20) DEFAULT 'API' NOT NULL,
	"updation_channel" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benefits_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "benefits_type_check" CHECK ("benefits"."benefit_type_id" in (1, 2)),
	CONSTRAINT "benefits_status_check" CHECK ("benefits"."status_id" between 0 and 3),
	CONSTRAINT "benefits_incentive_check" CHECK ("benefits"."benefit_type_id" = 1 or "benefits"."incentive_id" is not null),
	CONSTRAINT "benefits_dates_check" CHECK ("benefits"."expiration_date" >= "benefits"."available_date"),
	CONSTRAINT "benefits_amount_check" CHECK ("benefits"."amount" >= 0),
	CONSTRAINT "benefits_balance_check" CHECK ("benefits"."balance" >= 0),
	CONSTRAINT "benefits_auth_number_check" CHECK ("benefits"."authorization_number" !~ '[[:space:]]')
);
--> statement-breakpoint
CREATE TABLE "pan_generations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pan_generations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"program_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"count" integer NOT NULL,
	"first_pan_id" integer,
	"status_id" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "pan_generations_count_check" CHECK ("pan_generations"."count" > 0),
	CONSTRAINT "pan_generations_status_check" CHECK ("pan_generations"."status_id" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "pans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"program_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"pan_hash" varchar(64) NOT NULL,
	"pan_encrypted" text NOT NULL,
	"pan_last4" varchar(4) NOT NULL,
	"pan_type_id" smallint DEFAULT 1 NOT NULL,
	"pan_status_id" smallint DEFAULT 0 NOT NULL,
	"active_date" date,
	"expiration_date" date,
	"pan_generation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pans_type_check" CHECK ("pans"."pan_type_id" between 1 and 3),
	CONSTRAINT "pans_status_check" CHECK ("pans"."pan_status_id" between 0 and 4),
	CONSTRAINT "pans_last4_check" CHECK ("pans"."pan_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "external_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"pan_hash" varchar(64) NOT NULL,
	"pan_encrypted" text NOT NULL,
	"pan_last4" varchar(4) NOT NULL,
	"name" varchar(35) NOT NULL,
	"type_id" smallint NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_cards_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "external_cards_name_check" CHECK (char_length("external_cards"."name") between 2 and 35),
	CONSTRAINT "external_cards_type_check" CHECK ("external_cards"."type_id" between 1 and 3),
	CONSTRAINT "external_cards_status_check" CHECK ("external_cards"."status_id" in (1, 2)),
	CONSTRAINT "external_cards_last4_check" CHECK ("external_cards"."pan_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "merchant_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"address1" varchar(60) NOT NULL,
	"address2" varchar(60),
	"city" varchar(60) NOT NULL,
	"state_code" varchar(2) NOT NULL,
	"zipcode" varchar(10) NOT NULL,
	CONSTRAINT "merchant_addresses_kind_check" CHECK ("merchant_addresses"."kind" in ('registered', 'mailing', 'physical')),
	CONSTRAINT "merchant_addresses_state_code_check" CHECK ("merchant_addresses"."state_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "merchant_bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"bank_name" varchar(45),
	"account_number_encrypted" text,
	"account_number_last4" varchar(4),
	"routing_number_encrypted" text,
	"routing_number_last4" varchar(4),
	"account_type_id" smallint,
	"first_name" varchar(100),
	"middle_name" varchar(1),
	"last_name" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_bank_accounts_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "merchant_bank_accounts_type_check" CHECK ("merchant_bank_accounts"."account_type_id" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "merchant_programs" (
	"merchant_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"status_id" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_programs_merchant_id_program_id_pk" PRIMARY KEY("merchant_id","program_id"),
	CONSTRAINT "merchant_programs_status_check" CHECK ("merchant_programs"."status_id" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_identifier" varchar(20) NOT NULL,
	"status_id" smallint DEFAULT 0 NOT NULL,
	"name" varchar(50) NOT NULL,
	"fns_number" varchar(7),
	"email" varchar(255),
	"tax_id_encrypted" text,
	"tax_id_last4" varchar(4),
	"tax_class_id" smallint,
	"tin_type_id" smallint,
	"business_phone" varchar(20),
	"mobile_phone" varchar(20),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"creation_channel" varchar(20) DEFAULT 'API' NOT NULL,
	"updation_channel" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "merchants_status_check" CHECK ("merchants"."status_id" in (0, 1)),
	CONSTRAINT "merchants_fns_number_check" CHECK (char_length("merchants"."fns_number") = 7),
	CONSTRAINT "merchants_tax_id_last4_check" CHECK ("merchants"."tax_id_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "merchants_latitude_check" CHECK ("merchants"."latitude" between -90 and 90),
	CONSTRAINT "merchants_longitude_check" CHECK ("merchants"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "tax_classes" (
	"id" smallint PRIMARY KEY NOT NULL,
	"descr" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tin_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"descr" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_codes" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(4) NOT NULL,
	"descr" varchar(100) NOT NULL,
	CONSTRAINT "response_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "transaction_benefits" (
	"transaction_id" bigint NOT NULL,
	"benefit_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "transaction_benefits_transaction_id_benefit_id_pk" PRIMARY KEY("transaction_id","benefit_id"),
	CONSTRAINT "transaction_benefits_amount_check" CHECK ("transaction_benefits"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transaction_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"descr" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"trx_datetime" timestamp with time zone NOT NULL,
	"program_id" integer NOT NULL,
	"account_id" integer,
	"pan_id" integer,
	"merchant_id" integer,
	"trx_type_id" smallint NOT NULL,
	"resp_code_id" smallint NOT NULL,
	"req_amt" numeric(12, 2) NOT NULL,
	"settle_amt" numeric(12, 2),
	"settle_date" date,
	"auth_number" varchar(20),
	"trace_number" varchar(20),
	"mcc" varchar(4),
	"terminal_id" varchar(20),
	"pan_entry_mode" varchar(3),
	"pos_condition_code" varchar(2),
	"ai_code" varchar(11),
	"api_version" varchar(10),
	"additional_response_text" varchar(200),
	"delivery_address" varchar(200),
	"location_address" varchar(200),
	"reversal_of_id" bigint,
	"reversed_at" timestamp with time zone,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"start_balance" numeric(12, 2),
	"end_balance" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "transactions_req_amt_check" CHECK ("transactions"."req_amt" >= 0),
	CONSTRAINT "transactions_settle_amt_check" CHECK ("transactions"."settle_amt" >= 0),
	CONSTRAINT "transactions_start_balance_check" CHECK ("transactions"."start_balance" >= 0),
	CONSTRAINT "transactions_end_balance_check" CHECK ("transactions"."end_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "incentives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incentives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"program_id" integer NOT NULL,
	"funding_source_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"match_rate" numeric(9, 2) DEFAULT '0' NOT NULL,
	"accrual_max_day" numeric(9, 2) DEFAULT '0' NOT NULL,
	"accrual_max_month" numeric(9, 2) DEFAULT '0' NOT NULL,
	"accrual_max_trx" numeric(9, 2) DEFAULT '0' NOT NULL,
	"accrual_fee_rate" numeric(9, 2) DEFAULT '0' NOT NULL,
	"redemption_fee_rate" numeric(9, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incentives_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "incentives_dates_check" CHECK ("incentives"."end_date" >= "incentives"."start_date"),
	CONSTRAINT "incentives_rates_check" CHECK ("incentives"."match_rate" >= 0 and "incentives"."accrual_max_day" >= 0 and "incentives"."accrual_max_month" >= 0 and "incentives"."accrual_max_trx" >= 0
        and "incentives"."accrual_fee_rate" >= 0 and "incentives"."redemption_fee_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recipient_incentives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recipient_incentives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"incentive_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_incentives_dates_check" CHECK ("recipient_incentives"."end_date" >= "recipient_incentives"."start_date")
);
--> statement-breakpoint
CREATE TABLE "notification_events" (
	"id" smallint PRIMARY KEY NOT NULL,
	"descr" varchar(100) NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"account_id" integer NOT NULL,
	"event_id" smallint NOT NULL,
	"method_id" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_account_id_event_id_method_id_pk" PRIMARY KEY("account_id","event_id","method_id"),
	CONSTRAINT "notification_preferences_method_check" CHECK ("notification_preferences"."method_id" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"event_id" smallint NOT NULL,
	"text" varchar(500) NOT NULL,
	"status_id" smallint DEFAULT 0 NOT NULL,
	"notified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "notifications_status_check" CHECK ("notifications"."status_id" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "config_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"config_key" varchar(255) NOT NULL,
	"config_value" varchar(255) NOT NULL,
	"effective_date" date NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_entries_key_check" CHECK (char_length("config_entries"."config_key") >= 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" varchar(60) NOT NULL,
	"entity" varchar(60) NOT NULL,
	"entity_id" varchar(100),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"request_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "job_locks" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"locked_by" varchar(100) NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" varchar(5) NOT NULL,
	"to" varchar(255) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(300)
);
--> statement-breakpoint
ALTER TABLE "benefit_options" ADD CONSTRAINT "benefit_options_option_type_id_benefit_option_types_id_fk" FOREIGN KEY ("option_type_id") REFERENCES "public"."benefit_option_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_sources" ADD CONSTRAINT "funding_sources_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_benefit_option_type_id_benefit_option_types_id_fk" FOREIGN KEY ("benefit_option_type_id") REFERENCES "public"."benefit_option_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_privileges" ADD CONSTRAINT "role_privileges_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_privileges" ADD CONSTRAINT "role_privileges_privilege_id_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."privileges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agencies" ADD CONSTRAINT "user_agencies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agencies" ADD CONSTRAINT "user_agencies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_programs" ADD CONSTRAINT "user_programs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_programs" ADD CONSTRAINT "user_programs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_security_answers" ADD CONSTRAINT "user_security_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_security_answers" ADD CONSTRAINT "user_security_answers_question_id_security_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."security_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_accounts" ADD CONSTRAINT "recipient_accounts_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_accounts" ADD CONSTRAINT "recipient_accounts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_accounts" ADD CONSTRAINT "recipient_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_accounts" ADD CONSTRAINT "recipient_accounts_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_processed_account_id_recipient_accounts_id_fk" FOREIGN KEY ("processed_account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_programs" ADD CONSTRAINT "application_programs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_programs" ADD CONSTRAINT "application_programs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_funding_source_id_funding_sources_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."funding_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_incentive_id_incentives_id_fk" FOREIGN KEY ("incentive_id") REFERENCES "public"."incentives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_benefit_option_id_benefit_options_id_fk" FOREIGN KEY ("benefit_option_id") REFERENCES "public"."benefit_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pan_generations" ADD CONSTRAINT "pan_generations_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pan_generations" ADD CONSTRAINT "pan_generations_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pan_generations" ADD CONSTRAINT "pan_generations_first_pan_id_pans_id_fk" FOREIGN KEY ("first_pan_id") REFERENCES "public"."pans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pan_generations" ADD CONSTRAINT "pan_generations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pans" ADD CONSTRAINT "pans_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pans" ADD CONSTRAINT "pans_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pans" ADD CONSTRAINT "pans_pan_generation_id_pan_generations_id_fk" FOREIGN KEY ("pan_generation_id") REFERENCES "public"."pan_generations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_cards" ADD CONSTRAINT "external_cards_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_cards" ADD CONSTRAINT "external_cards_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_addresses" ADD CONSTRAINT "merchant_addresses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_bank_accounts" ADD CONSTRAINT "merchant_bank_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_programs" ADD CONSTRAINT "merchant_programs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_programs" ADD CONSTRAINT "merchant_programs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_tax_class_id_tax_classes_id_fk" FOREIGN KEY ("tax_class_id") REFERENCES "public"."tax_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_tin_type_id_tin_types_id_fk" FOREIGN KEY ("tin_type_id") REFERENCES "public"."tin_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_benefits" ADD CONSTRAINT "transaction_benefits_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_benefits" ADD CONSTRAINT "transaction_benefits_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_pan_id_pans_id_fk" FOREIGN KEY ("pan_id") REFERENCES "public"."pans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_trx_type_id_transaction_types_id_fk" FOREIGN KEY ("trx_type_id") REFERENCES "public"."transaction_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_resp_code_id_response_codes_id_fk" FOREIGN KEY ("resp_code_id") REFERENCES "public"."response_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reversal_of_id_transactions_id_fk" FOREIGN KEY ("reversal_of_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incentives" ADD CONSTRAINT "incentives_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incentives" ADD CONSTRAINT "incentives_funding_source_id_funding_sources_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."funding_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_incentives" ADD CONSTRAINT "recipient_incentives_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_incentives" ADD CONSTRAINT "recipient_incentives_incentive_id_incentives_id_fk" FOREIGN KEY ("incentive_id") REFERENCES "public"."incentives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_entries" ADD CONSTRAINT "config_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benefit_options_option_type_id_idx" ON "benefit_options" USING btree ("option_type_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_sources_program_name_key" ON "funding_sources" USING btree ("program_id",lower("name"));--> statement-breakpoint
CREATE INDEX "programs_name_lower_idx" ON "programs" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_program_code_key" ON "agencies" USING btree ("program_id","code");--> statement-breakpoint
CREATE INDEX "role_privileges_privilege_id_idx" ON "role_privileges" USING btree ("privilege_id");--> statement-breakpoint
CREATE INDEX "user_agencies_agency_id_idx" ON "user_agencies" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "user_programs_program_id_idx" ON "user_programs" USING btree ("program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_last_name_lower_idx" ON "users" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "users_first_name_lower_idx" ON "users" USING btree (lower("first_name"));--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_token_hash_key" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_purpose_idx" ON "user_tokens" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_accounts_program_identifier_key" ON "recipient_accounts" USING btree ("program_id","recipient_identifier");--> statement-breakpoint
CREATE INDEX "recipient_accounts_identifier_idx" ON "recipient_accounts" USING btree ("recipient_identifier");--> statement-breakpoint
CREATE INDEX "recipient_accounts_last_name_lower_idx" ON "recipient_accounts" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "recipient_accounts_first_name_lower_idx" ON "recipient_accounts" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "recipient_accounts_email_lower_idx" ON "recipient_accounts" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "recipient_accounts_last_name_trgm_idx" ON "recipient_accounts" USING gin (lower("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipient_accounts_email_trgm_idx" ON "recipient_accounts" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipient_accounts_mobile_phone_idx" ON "recipient_accounts" USING btree ("mobile_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "recipient_accounts_agency_id_idx" ON "recipient_accounts" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "recipient_accounts_user_id_idx" ON "recipient_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recipient_accounts_applicant_id_idx" ON "recipient_accounts" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicants_program_last_name_idx" ON "applicants" USING btree ("program_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applicants_created_at_idx" ON "applicants" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "applicants_email_lower_idx" ON "applicants" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applicants_mobile_phone_idx" ON "applicants" USING btree ("mobile_phone");--> statement-breakpoint
CREATE INDEX "application_programs_program_id_idx" ON "application_programs" USING btree ("program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "benefits_program_auth_number_key" ON "benefits" USING btree ("program_id","authorization_number");--> statement-breakpoint
CREATE INDEX "benefits_auth_number_idx" ON "benefits" USING btree ("authorization_number");--> statement-breakpoint
CREATE INDEX "benefits_program_available_date_idx" ON "benefits" USING btree ("program_id","available_date");--> statement-breakpoint
CREATE INDEX "benefits_account_id_idx" ON "benefits" USING btree ("account_id","expiration_date");--> statement-breakpoint
CREATE INDEX "benefits_agency_id_idx" ON "benefits" USING btree ("agency_id","available_date");--> statement-breakpoint
CREATE INDEX "benefits_funding_source_id_idx" ON "benefits" USING btree ("funding_source_id");--> statement-breakpoint
CREATE INDEX "benefits_incentive_id_idx" ON "benefits" USING btree ("incentive_id");--> statement-breakpoint
CREATE INDEX "benefits_issued_expiration_idx" ON "benefits" USING btree ("expiration_date") WHERE "benefits"."status_id" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "pan_generations_one_in_process_key" ON "pan_generations" USING btree ("program_id") WHERE "pan_generations"."status_id" = 0;--> statement-breakpoint
CREATE INDEX "pan_generations_program_id_idx" ON "pan_generations" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pans_pan_hash_key" ON "pans" USING btree ("pan_hash");--> statement-breakpoint
CREATE INDEX "pans_account_id_idx" ON "pans" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "pans_program_id_idx" ON "pans" USING btree ("program_id","pan_type_id");--> statement-breakpoint
CREATE INDEX "pans_pan_generation_id_idx" ON "pans" USING btree ("pan_generation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_cards_account_pan_key" ON "external_cards" USING btree ("account_id","pan_hash");--> statement-breakpoint
CREATE INDEX "external_cards_pan_hash_idx" ON "external_cards" USING btree ("pan_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_addresses_merchant_kind_key" ON "merchant_addresses" USING btree ("merchant_id","kind");--> statement-breakpoint
CREATE INDEX "merchant_addresses_city_lower_idx" ON "merchant_addresses" USING btree (lower("city") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_bank_accounts_merchant_id_key" ON "merchant_bank_accounts" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "merchant_programs_program_id_idx" ON "merchant_programs" USING btree ("program_id","status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_identifier_key" ON "merchants" USING btree ("merchant_identifier");--> statement-breakpoint
CREATE INDEX "merchants_name_lower_idx" ON "merchants" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "merchants_name_trgm_idx" ON "merchants" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_email_lower_idx" ON "merchants" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "merchants_fns_number_idx" ON "merchants" USING btree ("fns_number");--> statement-breakpoint
CREATE INDEX "merchants_location_idx" ON "merchants" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "transaction_benefits_benefit_id_idx" ON "transaction_benefits" USING btree ("benefit_id");--> statement-breakpoint
CREATE INDEX "transactions_program_datetime_idx" ON "transactions" USING btree ("program_id","trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_datetime_idx" ON "transactions" USING btree ("trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_account_datetime_idx" ON "transactions" USING btree ("account_id","trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_merchant_datetime_idx" ON "transactions" USING btree ("merchant_id","trx_datetime");--> statement-breakpoint
CREATE INDEX "transactions_pan_id_idx" ON "transactions" USING btree ("pan_id");--> statement-breakpoint
CREATE INDEX "transactions_reversal_of_id_idx" ON "transactions" USING btree ("reversal_of_id");--> statement-breakpoint
CREATE INDEX "incentives_program_id_idx" ON "incentives" USING btree ("program_id","start_date");--> statement-breakpoint
CREATE INDEX "incentives_funding_source_id_idx" ON "incentives" USING btree ("funding_source_id");--> statement-breakpoint
CREATE INDEX "recipient_incentives_account_id_idx" ON "recipient_incentives" USING btree ("account_id","start_date");--> statement-breakpoint
CREATE INDEX "recipient_incentives_incentive_id_idx" ON "recipient_incentives" USING btree ("incentive_id");--> statement-breakpoint
CREATE INDEX "notifications_account_status_idx" ON "notifications" USING btree ("account_id","status_id","notified_date");--> statement-breakpoint
CREATE UNIQUE INDEX "config_entries_key_date_key" ON "config_entries" USING btree ("config_key","effective_date");--> statement-breakpoint
CREATE INDEX "config_entries_effective_date_idx" ON "config_entries" USING btree ("effective_date");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_unsent_idx" ON "outbox" USING btree ("id") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");