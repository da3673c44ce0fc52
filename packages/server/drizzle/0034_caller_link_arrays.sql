ALTER TABLE "users" ADD COLUMN "linked_program_ids" integer[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "linked_agency_ids" integer[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "linked_agency_program_ids" integer[];--> statement-breakpoint
-- users.linked_* follow user_programs and user_agencies (decision 0086): the caller statement of every request reads
-- them from the user's row instead of aggregating both tables. Read again from the links, not patched; null when
-- there is none. Same locking as user_places_refresh (0012): the users first, in id order, then the links in a second
-- statement, which sees what a concurrent writer of the same user committed while this one waited.
CREATE FUNCTION "user_links_refresh"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "users" WHERE "id" = ANY (ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "users" AS u SET "linked_program_ids" = l.programs, "linked_agency_ids" = l.agencies,
    "linked_agency_program_ids" = l.agency_programs
  FROM (
    SELECT t.id,
      (SELECT array_agg(up."program_id" ORDER BY up."program_id") FROM "user_programs" AS up
        WHERE up."user_id" = t.id) AS programs,
      (SELECT array_agg(ua."agency_id" ORDER BY ua."agency_id") FROM "user_agencies" AS ua
        WHERE ua."user_id" = t.id) AS agencies,
      (SELECT array_agg(a."program_id" ORDER BY ua."agency_id") FROM "user_agencies" AS ua
        JOIN "agencies" AS a ON a."id" = ua."agency_id" WHERE ua."user_id" = t.id) AS agency_programs
    FROM (SELECT DISTINCT unnest(ids) AS id) AS t
  ) AS l
  WHERE u."id" = l.id
    AND (u."linked_program_ids", u."linked_agency_ids", u."linked_agency_program_ids")
      IS DISTINCT FROM (l.programs, l.agencies, l.agency_programs);
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_links_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_links_refresh"(ARRAY(SELECT DISTINCT "user_id" FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_links_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_links_refresh"(ARRAY(SELECT DISTINCT "user_id" FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_links_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_links_refresh"(ARRAY(SELECT "user_id" FROM old_rows UNION SELECT "user_id" FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_programs_links_inserted" AFTER INSERT ON "user_programs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_links_inserted"();
--> statement-breakpoint
CREATE TRIGGER "user_programs_links_deleted" AFTER DELETE ON "user_programs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_links_deleted"();
--> statement-breakpoint
CREATE TRIGGER "user_programs_links_updated" AFTER UPDATE ON "user_programs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_links_updated"();
--> statement-breakpoint
CREATE TRIGGER "user_agencies_links_inserted" AFTER INSERT ON "user_agencies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_links_inserted"();
--> statement-breakpoint
CREATE TRIGGER "user_agencies_links_deleted" AFTER DELETE ON "user_agencies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_links_deleted"();
--> statement-breakpoint
CREATE TRIGGER "user_agencies_links_updated" AFTER UPDATE ON "user_agencies"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_links_updated"();
--> statement-breakpoint
SELECT "user_links_refresh"(ARRAY(SELECT "user_id" FROM "user_programs" UNION SELECT "user_id" FROM "user_agencies"));
