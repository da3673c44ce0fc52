ALTER TABLE "roles" ADD COLUMN "privilege_codes" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- roles.privilege_codes follows role_privileges and the privileges' codes (decision 0084): every authenticated request
-- reads it, a role's privileges change a few times a year. Recomputed for every role whose codes differ (there are a
-- handful of roles), not patched from the changed rows. One transaction-level advisory lock serialises the
-- recomputations, then the grants are read in a second statement: under READ COMMITTED each statement of a volatile
-- function takes a new snapshot, so a concurrent writer of the same role's grants, which held the lock, has committed
-- and its rows are seen. An advisory lock rather than row locks on every role: a role change holds its own role's row
-- (modules/roles/change.ts) and a recomputation only writes the roles whose codes it changed, so none waits on another
-- role's row. Any fixed number apart from the code base's other advisory locks (728_463_001, _010, _018, _020).
CREATE FUNCTION "role_privilege_codes_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(728463021);
  UPDATE "roles" AS r SET "privilege_codes" = c.codes
  FROM (
    SELECT ro."id", coalesce((
      SELECT string_agg(p."code", ',' ORDER BY p."code")
        FROM "role_privileges" AS rp JOIN "privileges" AS p ON p."id" = rp."privilege_id"
       WHERE rp."role_id" = ro."id"), '') AS codes
    FROM "roles" AS ro
  ) AS c
  WHERE r."id" = c."id" AND r."privilege_codes" IS DISTINCT FROM c.codes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "role_privileges_codes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_privileges"
  FOR EACH STATEMENT EXECUTE FUNCTION "role_privilege_codes_refresh"();
--> statement-breakpoint
-- A renamed or removed privilege changes the codes of every role that holds it (deleting one cascades to role_privileges,
-- whose own trigger also runs).
CREATE TRIGGER "privileges_codes" AFTER UPDATE OR DELETE OR TRUNCATE ON "privileges"
  FOR EACH STATEMENT EXECUTE FUNCTION "role_privilege_codes_refresh"();
--> statement-breakpoint
-- A role inserted with privilege_codes already set (a hand-made copy of a row) is corrected too.
CREATE TRIGGER "roles_codes" AFTER INSERT ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "role_privilege_codes_refresh"();
--> statement-breakpoint
UPDATE "roles" AS r SET "privilege_codes" = coalesce((
  SELECT string_agg(p."code", ',' ORDER BY p."code")
    FROM "role_privileges" AS rp JOIN "privileges" AS p ON p."id" = rp."privilege_id"
   WHERE rp."role_id" = r."id"), '');
--> statement-breakpoint
-- The caller statement's record of a call in sessions.last_seen_at (platform/caller-statement.ts), called only when
-- the row it read is due for one (once a SESSION_TOUCH_MS a session). As a data-modifying CTE the UPDATE was set up on
-- every request, due or not; as a function behind a CASE it costs nothing when not called. The conditions are those the
-- CTE had: a session still live (not ended, not expired, not idle) whose last record is older than every_ms, so an
-- idle session is never revived and two requests at once write it once.
CREATE FUNCTION "session_touch"(hash text, at timestamptz, idle_ms integer, every_ms integer) RETURNS boolean
LANGUAGE sql VOLATILE AS $$
  UPDATE "sessions" SET "last_seen_at" = at
   WHERE "token_hash" = hash AND "ended_at" IS NULL AND "expires_at" > at
     AND "last_seen_at" >= at - make_interval(secs => idle_ms / 1000.0)
     AND "last_seen_at" < at - make_interval(secs => every_ms / 1000.0)
  RETURNING true
$$;
