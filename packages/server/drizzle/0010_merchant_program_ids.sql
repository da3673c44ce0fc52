ALTER TABLE "merchants" ADD COLUMN "program_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- merchants.program_ids follows merchant_programs (decision 0026). Statement-level triggers with transition tables, so
-- a file import's thousands of mappings cost one set-based UPDATE, not one each; the import writes the array with the
-- merchant, so `NOT (program_ids @> ids)` then updates nothing. Added and removed ids are applied to the row as it is
-- when the UPDATE reaches it (PostgreSQL re-reads a row another transaction changed meanwhile), so two transactions
-- mapping one merchant at once both count.
CREATE FUNCTION "merchant_program_ids_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "merchants" AS m
  SET "program_ids" = (SELECT array_agg(DISTINCT p ORDER BY p) FROM unnest(m."program_ids" || n.ids) AS p)
  FROM (SELECT "merchant_id", array_agg("program_id") AS ids FROM new_rows GROUP BY "merchant_id") AS n
  WHERE m."id" = n."merchant_id" AND NOT (m."program_ids" @> n.ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "merchant_program_ids_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "merchants" AS m
  SET "program_ids" = coalesce(
    (SELECT array_agg(p ORDER BY p) FROM unnest(m."program_ids") AS p WHERE p <> ALL (o.ids)), '{}'::integer[])
  FROM (SELECT "merchant_id", array_agg("program_id") AS ids FROM old_rows GROUP BY "merchant_id") AS o
  WHERE m."id" = o."merchant_id" AND m."program_ids" && o.ids;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE that moves a mapping to another merchant or program (the product never does; a hand-made fix might):
-- the affected merchants' arrays are read again from merchant_programs. A status change touches no array.
CREATE FUNCTION "merchant_program_ids_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "merchants" AS m
  SET "program_ids" = coalesce(
    (SELECT array_agg(mp."program_id" ORDER BY mp."program_id") FROM "merchant_programs" AS mp
     WHERE mp."merchant_id" = m."id"), '{}'::integer[])
  WHERE m."id" IN (
    SELECT "merchant_id" FROM (
      (SELECT "merchant_id", "program_id" FROM new_rows EXCEPT SELECT "merchant_id", "program_id" FROM old_rows)
      UNION ALL
      (SELECT "merchant_id", "program_id" FROM old_rows EXCEPT SELECT "merchant_id", "program_id" FROM new_rows)
    ) AS moved);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchant_programs_added_ids" AFTER INSERT ON "merchant_programs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_program_ids_added"();
--> statement-breakpoint
CREATE TRIGGER "merchant_programs_removed_ids" AFTER DELETE ON "merchant_programs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_program_ids_removed"();
--> statement-breakpoint
CREATE TRIGGER "merchant_programs_moved_ids" AFTER UPDATE ON "merchant_programs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_program_ids_moved"();
--> statement-breakpoint
UPDATE "merchants" AS m SET "program_ids" = mp.ids
FROM (SELECT "merchant_id", array_agg("program_id" ORDER BY "program_id") AS ids FROM "merchant_programs"
      GROUP BY "merchant_id") AS mp
WHERE m."id" = mp."merchant_id";
--> statement-breakpoint
-- The search walks this index alone (decision 0026): name and program_ids ride along after the unique id.
DROP INDEX "merchants_name_order_idx";--> statement-breakpoint
CREATE INDEX "merchants_name_order_idx" ON "merchants" USING btree ((lower("name") collate "C"),"id","name","program_ids");
