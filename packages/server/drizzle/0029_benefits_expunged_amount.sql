ALTER TABLE "benefits" ADD COLUMN "expunged_amt" numeric(12, 2);--> statement-breakpoint
-- Benefits expunged before this column existed: the amount their 'expunge' audit entry recorded (decision 0011).
UPDATE "benefits" b SET "expunged_amt" = (a."after"->>'forfeited')::numeric
FROM "audit_log" a
WHERE b."status_id" = 2 AND a."entity" = 'benefit' AND a."action" = 'expunge' AND a."entity_id" = b."uuid"::text
  AND a."after" ? 'forfeited';
