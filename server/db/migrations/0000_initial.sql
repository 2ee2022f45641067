CREATE TYPE "public"."addon_pricing_mode" AS ENUM('per_night', 'per_stay', 'per_adult_per_night', 'per_child_per_night', 'per_person', 'per_person_per_night');--> statement-breakpoint
CREATE TABLE "addons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotel_id" integer,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"pricing_mode" "addon_pricing_mode" NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	CONSTRAINT "addons_hotel_code" UNIQUE NULLS NOT DISTINCT("hotel_id","code"),
	CONSTRAINT "addons_price" CHECK ("addons"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "amenities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "amenities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "amenities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"theme" text NOT NULL,
	"tagline" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"primary_colour" text NOT NULL,
	"accent_colour" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "brands_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "cancellation_policies" (
	"code" text PRIMARY KEY NOT NULL,
	"free_until_hours_before_arrival" integer,
	"description" jsonb NOT NULL,
	CONSTRAINT "cancellation_policies_hours" CHECK ("cancellation_policies"."free_until_hours_before_arrival" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"country_code" char(2) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "cities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" char(2) PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	CONSTRAINT "countries_code_format" CHECK ("countries"."code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" char(3) PRIMARY KEY NOT NULL,
	"decimals" integer NOT NULL,
	"rate_per_eur_micros" integer NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "currencies_code_format" CHECK ("currencies"."code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currencies_decimals_range" CHECK ("currencies"."decimals" between 0 and 3),
	CONSTRAINT "currencies_rate_positive" CHECK ("currencies"."rate_per_eur_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "guarantee_policies" (
	"code" text PRIMARY KEY NOT NULL,
	"policy_type" integer NOT NULL,
	"description" jsonb NOT NULL,
	CONSTRAINT "guarantee_policies_type" CHECK ("guarantee_policies"."policy_type" in (1000, 1001, 1002))
);
--> statement-breakpoint
CREATE TABLE "hotel_amenities" (
	"hotel_id" integer NOT NULL,
	"amenity_id" integer NOT NULL,
	CONSTRAINT "hotel_amenities_hotel_id_amenity_id_pk" PRIMARY KEY("hotel_id","amenity_id")
);
--> statement-breakpoint
CREATE TABLE "hotel_images" (
	"hotel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" jsonb NOT NULL,
	"colour_seed" integer NOT NULL,
	CONSTRAINT "hotel_images_hotel_id_position_pk" PRIMARY KEY("hotel_id","position"),
	CONSTRAINT "hotel_images_position_range" CHECK ("hotel_images"."position" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hotels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotel_code" text NOT NULL,
	"name" text NOT NULL,
	"brand_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"description" jsonb NOT NULL,
	"opening_date" date,
	"use_external_booking" boolean DEFAULT false NOT NULL,
	"external_booking_url" text,
	"min_lead_days" integer DEFAULT 0 NOT NULL,
	"min_length_of_stay" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "hotels_hotel_code_unique" UNIQUE("hotel_code"),
	CONSTRAINT "hotels_code_format" CHECK ("hotels"."hotel_code" ~ '^[A-Z0-9]{3,8}$'),
	CONSTRAINT "hotels_external_booking_has_url" CHECK (not "hotels"."use_external_booking" or "hotels"."external_booking_url" is not null),
	CONSTRAINT "hotels_min_lead_days" CHECK ("hotels"."min_lead_days" >= 0),
	CONSTRAINT "hotels_min_length_of_stay" CHECK ("hotels"."min_length_of_stay" >= 1)
);
--> statement-breakpoint
CREATE TABLE "membership_levels" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level_order" integer NOT NULL,
	CONSTRAINT "membership_levels_level_order_unique" UNIQUE("level_order"),
	CONSTRAINT "membership_levels_code_format" CHECK ("membership_levels"."code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "rate_code_pairs" (
	"member_rate_code" text PRIMARY KEY NOT NULL,
	"non_member_rate_code" text NOT NULL,
	CONSTRAINT "rate_code_pairs_non_member_rate_code_unique" UNIQUE("non_member_rate_code")
);
--> statement-breakpoint
CREATE TABLE "rate_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotel_id" integer NOT NULL,
	"rate_code" text NOT NULL,
	"name" jsonb NOT NULL,
	"is_member_rate" boolean NOT NULL,
	"paired_non_member_rate_code" text,
	"breakfast_included" boolean NOT NULL,
	"guarantee_policy_code" text NOT NULL,
	"cancellation_policy_code" text NOT NULL,
	"price_factor_bps" integer NOT NULL,
	"points_per_night" integer NOT NULL,
	CONSTRAINT "rate_plans_hotel_rate_code" UNIQUE("hotel_id","rate_code"),
	CONSTRAINT "rate_plans_pair_only_on_member_rates" CHECK ("rate_plans"."is_member_rate" or "rate_plans"."paired_non_member_rate_code" is null),
	CONSTRAINT "rate_plans_price_factor" CHECK ("rate_plans"."price_factor_bps" > 0),
	CONSTRAINT "rate_plans_points" CHECK ("rate_plans"."points_per_night" >= 0)
);
--> statement-breakpoint
CREATE TABLE "room_inventory" (
	"room_type_id" integer NOT NULL,
	"stay_date" date NOT NULL,
	"available_rooms" integer NOT NULL,
	"base_price_minor" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	CONSTRAINT "room_inventory_room_type_id_stay_date_pk" PRIMARY KEY("room_type_id","stay_date"),
	CONSTRAINT "room_inventory_available" CHECK ("room_inventory"."available_rooms" >= 0),
	CONSTRAINT "room_inventory_price" CHECK ("room_inventory"."base_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotel_id" integer NOT NULL,
	"type_code" text NOT NULL,
	"sale_name" jsonb NOT NULL,
	"max_adults" integer NOT NULL,
	"max_children" integer NOT NULL,
	"max_occupancy" integer NOT NULL,
	"room_count" integer NOT NULL,
	"base_rate_minor" integer NOT NULL,
	"inventory_seed" integer NOT NULL,
	CONSTRAINT "room_types_hotel_type_code" UNIQUE("hotel_id","type_code"),
	CONSTRAINT "room_types_adults" CHECK ("room_types"."max_adults" >= 1),
	CONSTRAINT "room_types_children" CHECK ("room_types"."max_children" >= 0),
	CONSTRAINT "room_types_occupancy" CHECK ("room_types"."max_occupancy" between "room_types"."max_adults" and "room_types"."max_adults" + "room_types"."max_children"),
	CONSTRAINT "room_types_room_count" CHECK ("room_types"."room_count" >= 1),
	CONSTRAINT "room_types_base_rate" CHECK ("room_types"."base_rate_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "addons" ADD CONSTRAINT "addons_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addons" ADD CONSTRAINT "addons_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_amenities" ADD CONSTRAINT "hotel_amenities_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_amenities" ADD CONSTRAINT "hotel_amenities_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_images" ADD CONSTRAINT "hotel_images_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_guarantee_policy_code_guarantee_policies_code_fk" FOREIGN KEY ("guarantee_policy_code") REFERENCES "public"."guarantee_policies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_cancellation_policy_code_cancellation_policies_code_fk" FOREIGN KEY ("cancellation_policy_code") REFERENCES "public"."cancellation_policies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_paired_rate_fk" FOREIGN KEY ("hotel_id","paired_non_member_rate_code") REFERENCES "public"."rate_plans"("hotel_id","rate_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_inventory" ADD CONSTRAINT "room_inventory_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_inventory" ADD CONSTRAINT "room_inventory_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "hotels_brand_idx" ON "hotels" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "hotels_city_idx" ON "hotels" USING btree ("city_id");