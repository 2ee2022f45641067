CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" integer,
	"status" text NOT NULL,
	"hotel_id" integer NOT NULL,
	"stay_id" uuid NOT NULL,
	"check_in_date" date NOT NULL,
	"check_out_date" date NOT NULL,
	"currency" char(3) NOT NULL,
	"locale" text NOT NULL,
	"promo_code" text,
	"business" boolean DEFAULT false NOT NULL,
	"pay_with_points" boolean DEFAULT false NOT NULL,
	"room_stays" jsonb NOT NULL,
	"payment_method" text,
	"card" jsonb,
	"insurance_product" text,
	"last_decline_reason" text,
	"pending_payment_id" text,
	"hold_expires_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "carts_status" CHECK ("carts"."status" in ('open', 'payment_pending', 'ordered', 'expired')),
	CONSTRAINT "carts_pending_has_hold" CHECK ("carts"."status" <> 'payment_pending' or "carts"."hold_expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "inventory_holds" (
	"cart_id" uuid NOT NULL,
	"room_type_id" integer NOT NULL,
	"stay_date" date NOT NULL,
	"rooms" integer NOT NULL,
	CONSTRAINT "inventory_holds_cart_id_room_type_id_stay_date_pk" PRIMARY KEY("cart_id","room_type_id","stay_date"),
	CONSTRAINT "inventory_holds_rooms" CHECK ("inventory_holds"."rooms" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cart_id" uuid NOT NULL,
	"member_id" integer,
	"hotel_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"currency" char(3) NOT NULL,
	"locale" text NOT NULL,
	"promo_code" text,
	"customer_email" text NOT NULL,
	"payment_method" text NOT NULL,
	"provider_payment_id" text,
	"amount_paid_minor" integer NOT NULL,
	"points_paid" integer NOT NULL,
	"amount_at_hotel_minor" integer NOT NULL,
	"amount_total_minor" integer NOT NULL,
	"city_tax_minor" integer NOT NULL,
	"amount_refunded_minor" integer DEFAULT 0 NOT NULL,
	"points_earned" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "orders_cart_id_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
CREATE TABLE "pay_requests" (
	"cart_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pay_requests_cart_id_idempotency_key_pk" PRIMARY KEY("cart_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "reservation_modifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"proposed" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "reservation_modifications_status" CHECK ("reservation_modifications"."status" in ('open', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"reservation_number" text NOT NULL,
	"room_type_id" integer NOT NULL,
	"check_in_date" date NOT NULL,
	"check_out_date" date NOT NULL,
	"status" text NOT NULL,
	"details" jsonb NOT NULL,
	"gross_eur_minor" integer NOT NULL,
	"paid_minor" integer NOT NULL,
	"points_paid" integer NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"free_cancellation_until" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "reservations_reservation_number_unique" UNIQUE("reservation_number"),
	CONSTRAINT "reservations_status" CHECK ("reservations"."status" in ('confirmed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" char(4) NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"holder_name" text,
	"cvv_token" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_cards_member_token" UNIQUE("member_id","token"),
	CONSTRAINT "saved_cards_expiry_month" CHECK ("saved_cards"."expiry_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"category" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"member_id" integer,
	"valid_until" date NOT NULL,
	"cart_id" uuid,
	"redeemed_order_id" uuid,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_code_format" CHECK ("vouchers"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "vouchers_category" CHECK ("vouchers"."category" in ('Voucher', 'Bonus', 'Other')),
	CONSTRAINT "vouchers_amount" CHECK ("vouchers"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_holds" ADD CONSTRAINT "inventory_holds_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_holds" ADD CONSTRAINT "inventory_holds_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_requests" ADD CONSTRAINT "pay_requests_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_modifications" ADD CONSTRAINT "reservation_modifications_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_member_idx" ON "carts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "carts_hold_idx" ON "carts" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE INDEX "orders_hotel_created_idx" ON "orders" USING btree ("hotel_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "reservations_order_idx" ON "reservations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vouchers_cart_idx" ON "vouchers" USING btree ("cart_id");