CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer,
	"name" text,
	"email" text,
	"locale" text NOT NULL,
	"subject" text,
	"message" text,
	"reservation_number" text,
	"form_id" text,
	"fields" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_submissions_kind" CHECK ("form_submissions"."kind" in ('contact', 'content-form')),
	CONSTRAINT "form_submissions_contact" CHECK ("form_submissions"."kind" <> 'contact' or ("form_submissions"."subject" is not null and "form_submissions"."message" is not null and "form_submissions"."email" is not null)),
	CONSTRAINT "form_submissions_content_form" CHECK ("form_submissions"."kind" <> 'content-form' or ("form_submissions"."form_id" is not null and "form_submissions"."fields" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_cancellations" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"cancelled_at" timestamp with time zone NOT NULL,
	"points_forfeited" integer NOT NULL,
	"vouchers_expired" integer NOT NULL,
	"upcoming_bookings_kept" integer NOT NULL,
	CONSTRAINT "member_cancellations_counts" CHECK ("member_cancellations"."points_forfeited" >= 0 and "member_cancellations"."vouchers_expired" >= 0 and "member_cancellations"."upcoming_bookings_kept" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_favourite_hotels" (
	"member_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_favourite_hotels_member_id_hotel_id_pk" PRIMARY KEY("member_id","hotel_id")
);
--> statement-breakpoint
CREATE TABLE "member_promo_codes" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_status";--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose";--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cancellations" ADD CONSTRAINT "member_cancellations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_favourite_hotels" ADD CONSTRAINT "member_favourite_hotels_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_favourite_hotels" ADD CONSTRAINT "member_favourite_hotels_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_promo_codes" ADD CONSTRAINT "member_promo_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_promo_codes" ADD CONSTRAINT "member_promo_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_member_idx" ON "form_submissions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "member_favourite_hotels_member_idx" ON "member_favourite_hotels" USING btree ("member_id","added_at");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_status" CHECK ("members"."status" in ('pending', 'active', 'cancelled'));--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose" CHECK ("one_time_codes"."purpose" in ('otp', 'activation', 'password-reset', 'birthday', 'name', 'email-change', 'cancel-membership'));