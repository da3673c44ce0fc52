CREATE TABLE "config_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "config_version_single_row_check" CHECK ("config_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "configuration_secrets" text;--> statement-breakpoint
CREATE UNIQUE INDEX "programs_short_name_lower_key" ON "programs" USING btree (lower("short_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "programs_contact_email_lower_idx" ON "programs" USING btree (lower("contact_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "programs_contact_state_code_idx" ON "programs" USING btree ("contact_state_code");--> statement-breakpoint
CREATE INDEX "programs_status_id_idx" ON "programs" USING btree ("status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_pan_prefix_key" ON "programs" USING btree (("bin" || "series_nbr"));--> statement-breakpoint
-- The one version row (platform/config-values.ts reads it at most once a second per instance).
INSERT INTO "config_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Every statement that changes configuration values bumps the version, whoever runs it (the API, the seed, a
-- hand-made fix), so no writer can forget to tell the other instances' caches.
CREATE FUNCTION "config_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "config_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "config_entries_version" AFTER INSERT OR UPDATE OR DELETE ON "config_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "config_version_bump"();
--> statement-breakpoint
-- TRUNCATE fires no row-level or INSERT/UPDATE/DELETE trigger: its own statement trigger bumps the version too.
CREATE TRIGGER "config_entries_version_truncate" AFTER TRUNCATE ON "config_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "config_version_bump"();
