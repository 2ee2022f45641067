-- The content version (decision record 0037): one counter that every committed write to a content table
-- raises, so a process holding content in memory can ask "did anything change?" with one cheap read. It
-- is raised by statement triggers in the writer's own transaction, so other sessions see the new number
-- exactly when they see the new content, whichever process or tool wrote it. Not part of the drizzle
-- schema: it is bookkeeping, not data (table digests and test resets leave it alone). The trigger also
-- sends NOTIFY content_changed, which reaches listeners when the write commits: PGlite, whose database
-- only its own process writes, follows the version that way without a query per request.
CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('content_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "brands_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "countries_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "countries" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "cities_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cities" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "hotels_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hotels" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "amenities_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "amenities" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "hotel_amenities_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hotel_amenities" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "hotel_images_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hotel_images" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "room_types_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "room_types" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "rate_plans_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rate_plans" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "guarantee_policies_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "guarantee_policies" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "cancellation_policies_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cancellation_policies" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "service_messages_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_messages" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();--> statement-breakpoint
CREATE TRIGGER "targeted_messages_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "targeted_messages" FOR EACH STATEMENT EXECUTE FUNCTION "content_changed"();
