CREATE TABLE "dev_encryption_keys" (
	"key_id" varchar(8) PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL,
	"seals" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encryption_key_ids" (
	"key_id" varchar(8) PRIMARY KEY NOT NULL,
	"first_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dev_encryption_keys_one_sealing_key" ON "dev_encryption_keys" USING btree ("seals") WHERE "dev_encryption_keys"."seals";--> statement-breakpoint
-- The keys of the values sealed before this migration (decision 0098): one pass over each sealed column, once. From now
-- on each instance adds its own key's id when it starts, so a start reads this table instead of the columns. Values
-- sealed before key ids (bare base64) name no key and are left out.
INSERT INTO "encryption_key_ids" ("key_id")
SELECT DISTINCT substr(sealed.value, 4, 8) FROM (
  SELECT "pan_encrypted" AS value FROM "pans"
  UNION ALL SELECT "pan_encrypted" FROM "external_cards"
  UNION ALL SELECT "tax_id_encrypted" FROM "merchants"
  UNION ALL SELECT "account_number_encrypted" FROM "merchant_bank_accounts"
  UNION ALL SELECT "routing_number_encrypted" FROM "merchant_bank_accounts"
  UNION ALL SELECT "configuration_secrets" FROM "programs"
) AS sealed
WHERE sealed.value ~ '^v1:[0-9a-f]{8}:'
ON CONFLICT DO NOTHING;
