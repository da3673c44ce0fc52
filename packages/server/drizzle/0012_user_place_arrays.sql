ALTER TABLE "users" ADD COLUMN "program_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agency_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- users.program_ids and users.agency_ids follow the link tables (decision 0032): recipient_accounts, user_programs,
-- user_agencies (and, through an agency link, the agency's program). A user's arrays are read again from the links,
-- not patched: one program can reach a user several ways, so removing one link must not drop the program.
-- Lock first, in id order, then read the links in a second statement: under READ COMMITTED each statement of a
-- volatile function takes a new snapshot, so a concurrent writer of the same user's links, which held the lock, has
-- committed and its rows are seen. FOR NO KEY UPDATE does not wait on the KEY SHARE locks the writers' foreign keys
-- take, so two writers of one user's links queue instead of deadlocking.
CREATE FUNCTION "user_places_refresh"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "users" WHERE "id" = ANY (ids) ORDER BY "id" FOR NO KEY UPDATE;
  -- Set-based: the links of all the touched users in one pass per table, so a file import's thousands of users cost
  -- joins, not a probe per user.
  WITH touched AS (SELECT DISTINCT unnest(ids) AS id),
  links AS (
    SELECT ra."user_id", ra."program_id", ra."agency_id" FROM "recipient_accounts" AS ra JOIN touched ON ra."user_id" = touched.id
    UNION ALL SELECT up."user_id", up."program_id", NULL FROM "user_programs" AS up JOIN touched ON up."user_id" = touched.id
    UNION ALL SELECT ua."user_id", a."program_id", ua."agency_id" FROM "user_agencies" AS ua
              JOIN touched ON ua."user_id" = touched.id JOIN "agencies" AS a ON a."id" = ua."agency_id"
  ),
  places AS (
    SELECT touched.id,
      coalesce(array_agg(DISTINCT l."program_id" ORDER BY l."program_id") FILTER (WHERE l."program_id" IS NOT NULL),
        '{}'::integer[]) AS program_ids,
      coalesce(array_agg(DISTINCT l."agency_id" ORDER BY l."agency_id") FILTER (WHERE l."agency_id" IS NOT NULL),
        '{}'::integer[]) AS agency_ids
    FROM touched LEFT JOIN links AS l ON l."user_id" = touched.id
    GROUP BY touched.id
  )
  UPDATE "users" AS u SET "program_ids" = p.program_ids, "agency_ids" = p.agency_ids
  FROM places AS p
  WHERE u."id" = p.id
    AND (u."program_ids" IS DISTINCT FROM p.program_ids OR u."agency_ids" IS DISTINCT FROM p.agency_ids);
END $$;
--> statement-breakpoint
-- Statement-level, over the transition tables: a file import's thousands of accounts cost one refresh, not one each.
-- One function serves the three link tables (each has user_id; PL/pgSQL compiles a trigger function per table).
CREATE FUNCTION "user_places_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_places_refresh"(ARRAY(SELECT DISTINCT "user_id" FROM new_rows WHERE "user_id" IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_places_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_places_refresh"(ARRAY(SELECT DISTINCT "user_id" FROM old_rows WHERE "user_id" IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- user_programs and user_agencies hold only the link and its date: any changed row is a moved link (the product never
-- updates them; a hand-made fix might).
CREATE FUNCTION "user_places_links_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_places_refresh"(ARRAY(
    SELECT "user_id" FROM (SELECT * FROM new_rows EXCEPT SELECT * FROM old_rows) AS n
    UNION SELECT "user_id" FROM (SELECT * FROM old_rows EXCEPT SELECT * FROM new_rows) AS o));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A recipient account changes often (status, balances' dates, names): only a changed user, program or agency counts.
CREATE FUNCTION "user_places_accounts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_places_refresh"(ARRAY(
    SELECT unnest(array[o."user_id", n."user_id"]) FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
    WHERE (o."user_id", o."program_id", o."agency_id") IS DISTINCT FROM (n."user_id", n."program_id", n."agency_id")
    EXCEPT SELECT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "recipient_accounts_places_inserted" AFTER INSERT ON "recipient_accounts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_inserted"();
--> statement-breakpoint
CREATE TRIGGER "recipient_accounts_places_deleted" AFTER DELETE ON "recipient_accounts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_deleted"();
--> statement-breakpoint
CREATE TRIGGER "recipient_accounts_places_updated" AFTER UPDATE ON "recipient_accounts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_accounts_updated"();
--> statement-breakpoint
CREATE TRIGGER "user_programs_places_inserted" AFTER INSERT ON "user_programs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_inserted"();
--> statement-breakpoint
CREATE TRIGGER "user_programs_places_deleted" AFTER DELETE ON "user_programs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_deleted"();
--> statement-breakpoint
CREATE TRIGGER "user_programs_places_updated" AFTER UPDATE ON "user_programs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_links_updated"();
--> statement-breakpoint
CREATE TRIGGER "user_agencies_places_inserted" AFTER INSERT ON "user_agencies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_inserted"();
--> statement-breakpoint
CREATE TRIGGER "user_agencies_places_deleted" AFTER DELETE ON "user_agencies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_deleted"();
--> statement-breakpoint
CREATE TRIGGER "user_agencies_places_updated" AFTER UPDATE ON "user_agencies"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_places_links_updated"();
--> statement-breakpoint
-- The users already there, set-based (the indexes come after, so they are built once over the filled rows).
UPDATE "users" AS u SET "program_ids" = l.ids
FROM (SELECT "user_id", array_agg(DISTINCT "program_id" ORDER BY "program_id") AS ids FROM (
        SELECT "user_id", "program_id" FROM "recipient_accounts" WHERE "user_id" IS NOT NULL
        UNION ALL SELECT "user_id", "program_id" FROM "user_programs"
        UNION ALL SELECT ua."user_id", a."program_id" FROM "user_agencies" AS ua JOIN "agencies" AS a ON a."id" = ua."agency_id"
      ) AS links GROUP BY "user_id") AS l
WHERE u."id" = l."user_id";
--> statement-breakpoint
UPDATE "users" AS u SET "agency_ids" = l.ids
FROM (SELECT "user_id", array_agg(DISTINCT "agency_id" ORDER BY "agency_id") AS ids FROM (
        SELECT "user_id", "agency_id" FROM "recipient_accounts" WHERE "user_id" IS NOT NULL AND "agency_id" IS NOT NULL
        UNION ALL SELECT "user_id", "agency_id" FROM "user_agencies"
      ) AS links GROUP BY "user_id") AS l
WHERE u."id" = l."user_id";
--> statement-breakpoint
DROP INDEX "users_username_order_idx";--> statement-breakpoint
DROP INDEX "users_email_order_idx";--> statement-breakpoint
DROP INDEX "users_last_name_order_idx";--> statement-breakpoint
DROP INDEX "users_first_name_order_idx";--> statement-breakpoint
DROP INDEX "users_status_username_idx";--> statement-breakpoint
DROP INDEX "users_role_username_idx";--> statement-breakpoint
CREATE INDEX "users_username_order_idx" ON "users" USING btree ((lower("username") collate "C"),"id","username","program_ids","agency_ids");--> statement-breakpoint
CREATE INDEX "users_email_order_idx" ON "users" USING btree ((lower("email") collate "C"),"id","email","program_ids","agency_ids");--> statement-breakpoint
CREATE INDEX "users_last_name_order_idx" ON "users" USING btree ((lower("last_name") collate "C"),"id","last_name","program_ids","agency_ids");--> statement-breakpoint
CREATE INDEX "users_first_name_order_idx" ON "users" USING btree ((lower("first_name") collate "C"),"id","first_name","program_ids","agency_ids");--> statement-breakpoint
CREATE INDEX "users_status_username_idx" ON "users" USING btree ("status_id",(lower("username") collate "C"),"id","username","program_ids","agency_ids");--> statement-breakpoint
CREATE INDEX "users_role_username_idx" ON "users" USING btree ("role_id",(lower("username") collate "C"),"id","username","program_ids","agency_ids");
