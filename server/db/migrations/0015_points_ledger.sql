-- The points ledger, level changes, year ends and requests for missing points (decision record 0040).
CREATE TABLE "loyalty_year_ends" (
	"year" integer PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_level_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_level_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"from_code" text,
	"to_code" text NOT NULL,
	"reason" text NOT NULL,
	"year" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_level_changes_reason" CHECK ("member_level_changes"."reason" in ('upgrade', 'requalification'))
);
--> statement-breakpoint
CREATE TABLE "points_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"reservation_number" text NOT NULL,
	"reservation_id" uuid,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "points_claims_status" CHECK ("points_claims"."status" in ('submitted', 'approved', 'rejected')),
	CONSTRAINT "points_claims_stay_dates" CHECK ("points_claims"."arrival_date" < "points_claims"."departure_date"),
	CONSTRAINT "points_claims_points" CHECK ("points_claims"."points" >= 0 and ("points_claims"."status" = 'approved') = ("points_claims"."points" > 0)),
	CONSTRAINT "points_claims_decided" CHECK ("points_claims"."status" = 'submitted' or "points_claims"."decided_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"pending_points" integer DEFAULT 0 NOT NULL,
	"balance_after" integer NOT NULL,
	"qualifying_nights" integer DEFAULT 0 NOT NULL,
	"qualifying_points" integer DEFAULT 0 NOT NULL,
	"posted_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"hotel_id" integer,
	"reservation_id" uuid,
	"reservation_number" text,
	"order_id" uuid,
	"arrival_date" date,
	"departure_date" date,
	"voucher_id" uuid,
	"reward_id" text,
	"claim_id" uuid,
	"note" text,
	"idempotency_key" text,
	CONSTRAINT "points_ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "points_ledger_kind" CHECK ("points_ledger"."kind" in ('earned', 'green', 'redeemed', 'refunded', 'expired', 'adjusted', 'claimed')),
	CONSTRAINT "points_ledger_changes_something" CHECK ("points_ledger"."points" <> 0 or "points_ledger"."pending_points" <> 0),
	CONSTRAINT "points_ledger_balance_after" CHECK ("points_ledger"."balance_after" >= 0),
	CONSTRAINT "points_ledger_spent_is_negative" CHECK ("points_ledger"."kind" not in ('redeemed', 'expired') or "points_ledger"."points" < 0),
	CONSTRAINT "points_ledger_given_is_positive" CHECK ("points_ledger"."kind" not in ('earned', 'green', 'refunded', 'claimed') or "points_ledger"."points" >= 0),
	CONSTRAINT "points_ledger_stay_dates" CHECK ("points_ledger"."departure_date" is null or "points_ledger"."arrival_date" < "points_ledger"."departure_date")
);
--> statement-breakpoint
ALTER TABLE "member_level_changes" ADD CONSTRAINT "member_level_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_changes" ADD CONSTRAINT "member_level_changes_from_code_membership_levels_code_fk" FOREIGN KEY ("from_code") REFERENCES "public"."membership_levels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_changes" ADD CONSTRAINT "member_level_changes_to_code_membership_levels_code_fk" FOREIGN KEY ("to_code") REFERENCES "public"."membership_levels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_claims" ADD CONSTRAINT "points_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_claims" ADD CONSTRAINT "points_claims_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_level_changes_one_requalification" ON "member_level_changes" USING btree ("member_id","year") WHERE "member_level_changes"."reason" = 'requalification';--> statement-breakpoint
CREATE INDEX "member_level_changes_member_idx" ON "member_level_changes" USING btree ("member_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_claims_one_per_reservation_number" ON "points_claims" USING btree ("member_id","reservation_number") WHERE "points_claims"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "points_claims_one_approval_per_reservation" ON "points_claims" USING btree ("reservation_id") WHERE "points_claims"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "points_claims_member_idx" ON "points_claims" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "points_ledger_member_posted_idx" ON "points_ledger" USING btree ("member_id","posted_on");--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry, never a changed or deleted one.
CREATE FUNCTION "points_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'points_ledger is append-only: % is refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "points_ledger_no_update_or_delete" BEFORE UPDATE OR DELETE ON "points_ledger" FOR EACH ROW EXECUTE FUNCTION "points_ledger_append_only"();--> statement-breakpoint
-- Existing balances: one opening entry per member with points, so every balance is the sum of its entries.
INSERT INTO "points_ledger" ("member_id", "kind", "points", "balance_after", "posted_on", "created_at", "note", "idempotency_key")
SELECT "id", 'adjusted', "points", "points", (now() AT TIME ZONE 'Europe/Berlin')::date, now(), 'Opening balance', 'opening:' || "id"
FROM "members" WHERE "points" > 0 ORDER BY "id";--> statement-breakpoint
-- Points of booked stays not yet credited (decision record 0031) become pending entries, which their
-- credit after check-out or their cancellation then settle.
INSERT INTO "points_ledger" ("member_id", "kind", "points", "pending_points", "balance_after", "posted_on", "created_at", "hotel_id", "reservation_id", "reservation_number", "order_id", "arrival_date", "departure_date", "idempotency_key")
SELECT "o"."member_id", 'earned', 0, "r"."points_earned", "m"."points", (now() AT TIME ZONE 'Europe/Berlin')::date, now(), "o"."hotel_id", "r"."id", "r"."reservation_number", "o"."id", "r"."check_in_date", "r"."check_out_date", 'pending:' || "r"."id"
FROM "reservations" "r" JOIN "orders" "o" ON "o"."id" = "r"."order_id" JOIN "members" "m" ON "m"."id" = "o"."member_id"
WHERE "r"."status" = 'confirmed' AND "r"."points_earned" > 0 AND "r"."points_credited_at" IS NULL
ORDER BY "o"."member_id", "r"."id";--> statement-breakpoint
-- Levels held now stay until the end of next year: the first year end requalified automatically is the
-- first whole year the ledger saw. Only where there are members (a new database has no history to keep).
INSERT INTO "loyalty_year_ends" ("year", "completed_at")
SELECT "year", now() FROM (
  SELECT extract(year FROM now() AT TIME ZONE 'Europe/Berlin')::integer - 1 AS "year"
  UNION ALL SELECT extract(year FROM now() AT TIME ZONE 'Europe/Berlin')::integer
) AS "years"
WHERE EXISTS (SELECT 1 FROM "members");
