-- The reservation system of the BFF and reservations in members' accounts (decision record 0041).
CREATE TABLE "crs_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reservation_number" text NOT NULL,
	"hotel_id" integer NOT NULL,
	"guest_first_name" text NOT NULL,
	"guest_last_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"room_type_name" text NOT NULL,
	"rate_name" text NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" integer NOT NULL,
	"net_amount_minor" integer NOT NULL,
	"gross_eur_minor" integer NOT NULL,
	"status" text NOT NULL,
	"origin" text NOT NULL,
	"points_earned" integer DEFAULT 0 NOT NULL,
	"points_paid" integer DEFAULT 0 NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crs_reservations_reservation_number_unique" UNIQUE("reservation_number"),
	CONSTRAINT "crs_reservations_status" CHECK ("crs_reservations"."status" in ('confirmed', 'cancelled')),
	CONSTRAINT "crs_reservations_origin" CHECK ("crs_reservations"."origin" in ('phone', 'hotel', 'legacy-web')),
	CONSTRAINT "crs_reservations_number_format" CHECK ("crs_reservations"."reservation_number" ~ '^[A-Z0-9][A-Z0-9-]{3,39}$'),
	CONSTRAINT "crs_reservations_email_lower_case" CHECK ("crs_reservations"."guest_email" = lower("crs_reservations"."guest_email")),
	CONSTRAINT "crs_reservations_stay_dates" CHECK ("crs_reservations"."arrival_date" < "crs_reservations"."departure_date"),
	CONSTRAINT "crs_reservations_amounts" CHECK ("crs_reservations"."amount_minor" >= 0 and "crs_reservations"."net_amount_minor" >= 0 and "crs_reservations"."net_amount_minor" <= "crs_reservations"."amount_minor" and "crs_reservations"."gross_eur_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"reservation_number" text NOT NULL,
	"how" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone,
	"hotel_id" integer NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"room_type_name" text NOT NULL,
	"rate_name" text NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" integer NOT NULL,
	"net_amount_minor" integer NOT NULL,
	"gross_eur_minor" integer NOT NULL,
	"status" text NOT NULL,
	"origin" text NOT NULL,
	"points_earned" integer DEFAULT 0 NOT NULL,
	"points_paid" integer DEFAULT 0 NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_reservations_reservation_number_unique" UNIQUE("reservation_number"),
	CONSTRAINT "member_reservations_how" CHECK ("member_reservations"."how" in ('number', 'refresh', 'old-booking')),
	CONSTRAINT "member_reservations_old_booking_hidden" CHECK ("member_reservations"."how" <> 'old-booking' or "member_reservations"."hidden_at" is not null),
	CONSTRAINT "member_reservations_status" CHECK ("member_reservations"."status" in ('confirmed', 'cancelled')),
	CONSTRAINT "member_reservations_origin" CHECK ("member_reservations"."origin" in ('phone', 'hotel', 'legacy-web')),
	CONSTRAINT "member_reservations_stay_dates" CHECK ("member_reservations"."arrival_date" < "member_reservations"."departure_date")
);
--> statement-breakpoint
ALTER TABLE "crs_reservations" ADD CONSTRAINT "crs_reservations_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crs_reservations" ADD CONSTRAINT "crs_reservations_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reservations" ADD CONSTRAINT "member_reservations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reservations" ADD CONSTRAINT "member_reservations_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reservations" ADD CONSTRAINT "member_reservations_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crs_reservations_guest_email_idx" ON "crs_reservations" USING btree ("guest_email");--> statement-breakpoint
CREATE INDEX "member_reservations_member_idx" ON "member_reservations" USING btree ("member_id");