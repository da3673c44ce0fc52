-- The engine's money version moves off recipient_accounts (decision 0104): bumping it there updated a wide row with
-- fifteen indexes and fired the places trigger on every purchase. Half the page left free so the bump stays a
-- heap-only update.
CREATE TABLE "account_money_versions" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
) WITH (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "account_money_versions" ADD CONSTRAINT "account_money_versions_account_id_recipient_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "account_money_versions" ("account_id", "version")
SELECT "id", "money_version" FROM "recipient_accounts" WHERE "money_version" > 0;--> statement-breakpoint
ALTER TABLE "recipient_accounts" DROP COLUMN "money_version";
