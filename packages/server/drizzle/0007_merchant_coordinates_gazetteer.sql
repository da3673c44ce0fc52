CREATE TABLE "gazetteer_loads" (
	"source" varchar(60) PRIMARY KEY NOT NULL,
	"row_count" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zip_centroids" (
	"zip" char(5) PRIMARY KEY NOT NULL,
	"city" varchar(60) NOT NULL,
	"state_code" char(2) NOT NULL,
	"latitude" numeric(9, 6) NOT NULL,
	"longitude" numeric(9, 6) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_addresses" ADD COLUMN "latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "merchant_addresses" ADD COLUMN "longitude" numeric(9, 6);--> statement-breakpoint
CREATE INDEX "zip_centroids_city_lower_idx" ON "zip_centroids" USING btree (lower("city") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "zip_centroids_state_city_idx" ON "zip_centroids" USING btree ("state_code",lower("city"));--> statement-breakpoint
ALTER TABLE "merchant_addresses" ADD CONSTRAINT "merchant_addresses_latitude_check" CHECK ("merchant_addresses"."latitude" between -90 and 90);--> statement-breakpoint
ALTER TABLE "merchant_addresses" ADD CONSTRAINT "merchant_addresses_longitude_check" CHECK ("merchant_addresses"."longitude" between -180 and 180);