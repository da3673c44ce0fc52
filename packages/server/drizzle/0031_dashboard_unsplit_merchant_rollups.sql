CREATE TABLE "dashboard_agency_merchant_days" (
	"program_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"redeemed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "dashboard_agency_merchant_days_pkey" PRIMARY KEY("program_id","agency_id","day","merchant_id") INCLUDE ("redeemed_amount")
);
--> statement-breakpoint
CREATE TABLE "dashboard_agency_merchant_months" (
	"program_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"month" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"redeemed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "dashboard_agency_merchant_months_pkey" PRIMARY KEY("program_id","agency_id","month","merchant_id") INCLUDE ("redeemed_amount")
);
--> statement-breakpoint
CREATE TABLE "dashboard_program_merchant_days" (
	"program_id" integer NOT NULL,
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"redeemed_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "dashboard_program_merchant_days_pkey" PRIMARY KEY("program_id","day","merchant_id") INCLUDE ("redeemed_amount")
);
--> statement-breakpoint
ALTER TABLE "dashboard_agency_merchant_days" ADD CONSTRAINT "dashboard_agency_merchant_days_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_agency_merchant_days" ADD CONSTRAINT "dashboard_agency_merchant_days_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_agency_merchant_days" ADD CONSTRAINT "dashboard_agency_merchant_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_agency_merchant_months" ADD CONSTRAINT "dashboard_agency_merchant_months_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_agency_merchant_months" ADD CONSTRAINT "dashboard_agency_merchant_months_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_agency_merchant_months" ADD CONSTRAINT "dashboard_agency_merchant_months_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_program_merchant_days" ADD CONSTRAINT "dashboard_program_merchant_days_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_program_merchant_days" ADD CONSTRAINT "dashboard_program_merchant_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 0075: the keys of the program-wide and agency merchant roll-ups cover redeemed_amount (INCLUDE, edited into
-- the CREATE TABLEs above; Drizzle cannot declare it), so the top merchants and merchant participation read them with
-- index-only scans. The program months' key is re-made the same way under its own (truncated) name.
ALTER TABLE "dashboard_program_merchant_months" DROP CONSTRAINT "dashboard_program_merchant_months_program_id_month_merchant_id_";--> statement-breakpoint
ALTER TABLE "dashboard_program_merchant_months" ADD CONSTRAINT "dashboard_program_merchant_months_program_id_month_merchant_id_" PRIMARY KEY ("program_id","month","merchant_id") INCLUDE ("redeemed_amount");--> statement-breakpoint
-- What the split tables already hold, without the splits; from here the roll-up writer keeps them all.
INSERT INTO dashboard_program_merchant_days (program_id, day, merchant_id, redeemed_amount)
SELECT program_id, day, merchant_id, sum(redeemed_amount) FROM dashboard_merchant_days GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO dashboard_agency_merchant_days (program_id, agency_id, day, merchant_id, redeemed_amount)
SELECT program_id, agency_id, day, merchant_id, sum(redeemed_amount) FROM dashboard_merchant_days
WHERE agency_id IS NOT NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO dashboard_agency_merchant_months (program_id, agency_id, month, merchant_id, redeemed_amount)
SELECT program_id, agency_id, month, merchant_id, sum(redeemed_amount) FROM dashboard_merchant_months
WHERE agency_id IS NOT NULL GROUP BY 1, 2, 3, 4;
