CREATE TABLE "pms_folio_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stay_id" uuid NOT NULL,
	"folio" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"service_date" date NOT NULL,
	"amount_minor" integer NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pms_folio_charges_folio" CHECK ("pms_folio_charges"."folio" in ('private', 'business')),
	CONSTRAINT "pms_folio_charges_kind" CHECK ("pms_folio_charges"."kind" in ('room', 'city_tax', 'breakfast', 'minibar', 'restaurant', 'parking')),
	CONSTRAINT "pms_folio_charges_amount" CHECK ("pms_folio_charges"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "pms_folio_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stay_id" uuid NOT NULL,
	"folio" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"method" text NOT NULL,
	"provider_payment_id" text,
	"idempotency_key" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pms_folio_payments_idempotency" UNIQUE("stay_id","idempotency_key"),
	CONSTRAINT "pms_folio_payments_folio" CHECK ("pms_folio_payments"."folio" in ('private', 'business')),
	CONSTRAINT "pms_folio_payments_amount" CHECK ("pms_folio_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "pms_stays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reservation_number" text NOT NULL,
	"source" text NOT NULL,
	"hotel_id" integer NOT NULL,
	"status" text NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"room_number" text,
	"room_type_name" text NOT NULL,
	"guest_first_name" text NOT NULL,
	"guest_last_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"member_id" integer,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"room_total_minor" integer NOT NULL,
	"city_tax_minor" integer NOT NULL,
	"prepaid_minor" integer DEFAULT 0 NOT NULL,
	"paid_with_points" boolean DEFAULT false NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pms_stays_reservation_number_unique" UNIQUE("reservation_number"),
	CONSTRAINT "pms_stays_status" CHECK ("pms_stays"."status" in ('expected', 'in_house', 'checked_out', 'cancelled')),
	CONSTRAINT "pms_stays_source" CHECK ("pms_stays"."source" in ('site', 'reservation-system', 'hotel')),
	CONSTRAINT "pms_stays_dates" CHECK ("pms_stays"."arrival_date" < "pms_stays"."departure_date"),
	CONSTRAINT "pms_stays_in_house_has_room" CHECK ("pms_stays"."status" <> 'in_house' or "pms_stays"."room_number" is not null),
	CONSTRAINT "pms_stays_amounts" CHECK ("pms_stays"."room_total_minor" >= 0 and "pms_stays"."city_tax_minor" >= 0 and "pms_stays"."prepaid_minor" >= 0 and "pms_stays"."version" >= 0),
	CONSTRAINT "pms_stays_guests" CHECK ("pms_stays"."adults" >= 1 and "pms_stays"."children" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pms_folio_charges" ADD CONSTRAINT "pms_folio_charges_stay_id_pms_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."pms_stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_folio_payments" ADD CONSTRAINT "pms_folio_payments_stay_id_pms_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."pms_stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_stays" ADD CONSTRAINT "pms_stays_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_stays" ADD CONSTRAINT "pms_stays_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_stays" ADD CONSTRAINT "pms_stays_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pms_folio_charges_stay_idx" ON "pms_folio_charges" USING btree ("stay_id","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pms_stays_room_in_house" ON "pms_stays" USING btree ("hotel_id","room_number") WHERE "pms_stays"."status" = 'in_house';--> statement-breakpoint
CREATE INDEX "pms_stays_arriving_idx" ON "pms_stays" USING btree ("arrival_date") WHERE "pms_stays"."status" = 'expected';--> statement-breakpoint
CREATE INDEX "pms_stays_in_house_idx" ON "pms_stays" USING btree ("hotel_id") WHERE "pms_stays"."status" = 'in_house';--> statement-breakpoint
CREATE INDEX "pms_stays_member_idx" ON "pms_stays" USING btree ("member_id");