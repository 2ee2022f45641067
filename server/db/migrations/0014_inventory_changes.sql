-- Inventory changes announced by the database (decision record 0039): every statement that writes
-- room_inventory sends NOTIFY inventory_changed in the writer's own transaction, so it reaches listeners
-- when the write commits, whoever wrote it. PGlite, whose database only its own process writes, then
-- keeps search's inventory cache without reading it again until a change drops what it touched.
-- An UPDATE (a booking, a cancellation, a new price) names the room types and nights it changed:
-- `{"roomTypeIds":[...],"from":"yyyy-MM-dd","to":"yyyy-MM-dd"}` (`to` the night after the last), read
-- from its transition tables, which hold only the rows it changed. An INSERT, DELETE or TRUNCATE (the
-- seed, the daily top-up, tests) and an UPDATE of more than 500 room types send an empty payload:
-- everything may have changed. A statement that changed no row sends nothing. The triggers fire always,
-- also where a bulk load sets session_replication_role to replica to skip foreign key checks (the
-- inventory's first fill, server/db/seed/inventory.ts).
CREATE FUNCTION "inventory_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "payload" text := '';
  "changed" bigint;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT count(*),
           CASE WHEN count(DISTINCT "room_type_id") <= 500 THEN
             json_build_object('roomTypeIds', array_agg(DISTINCT "room_type_id"), 'from', min("stay_date"), 'to', max("stay_date") + 1)::text
           ELSE '' END
      INTO "changed", "payload"
      FROM (SELECT "room_type_id", "stay_date" FROM "old_nights" UNION ALL SELECT "room_type_id", "stay_date" FROM "new_nights") AS "nights";
    IF "changed" = 0 THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('inventory_changed', "payload");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "room_inventory_updated" AFTER UPDATE ON "room_inventory" REFERENCING OLD TABLE AS "old_nights" NEW TABLE AS "new_nights" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_changed"();--> statement-breakpoint
CREATE TRIGGER "room_inventory_inserted_or_deleted" AFTER INSERT OR DELETE OR TRUNCATE ON "room_inventory" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_changed"();--> statement-breakpoint
ALTER TABLE "room_inventory" ENABLE ALWAYS TRIGGER "room_inventory_updated";--> statement-breakpoint
ALTER TABLE "room_inventory" ENABLE ALWAYS TRIGGER "room_inventory_inserted_or_deleted";
