CREATE TABLE "member_brand_preferences" (
	"member_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_brand_preferences_member_id_brand_id_pk" PRIMARY KEY("member_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "member_user_types" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"user_type" text NOT NULL,
	CONSTRAINT "member_user_types_user_type" CHECK ("member_user_types"."user_type" in ('b2c', 'b2b'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletter_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer,
	"email" text,
	"newsletter" text NOT NULL,
	"status" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscriptions_member_newsletter" UNIQUE("member_id","newsletter"),
	CONSTRAINT "newsletter_subscriptions_email_newsletter" UNIQUE("email","newsletter"),
	CONSTRAINT "newsletter_subscriptions_member_or_email" CHECK (("newsletter_subscriptions"."member_id" is null) <> ("newsletter_subscriptions"."email" is null)),
	CONSTRAINT "newsletter_subscriptions_email_lower_case" CHECK ("newsletter_subscriptions"."email" = lower("newsletter_subscriptions"."email")),
	CONSTRAINT "newsletter_subscriptions_status" CHECK ("newsletter_subscriptions"."status" in ('pending', 'active')),
	CONSTRAINT "newsletter_subscriptions_active_is_confirmed" CHECK ("newsletter_subscriptions"."status" <> 'active' or "newsletter_subscriptions"."confirmed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "member_brand_preferences" ADD CONSTRAINT "member_brand_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_brand_preferences" ADD CONSTRAINT "member_brand_preferences_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_user_types" ADD CONSTRAINT "member_user_types_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_confirmations" ADD CONSTRAINT "newsletter_confirmations_subscription_id_newsletter_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."newsletter_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_confirmations_subscription_idx" ON "newsletter_confirmations" USING btree ("subscription_id");--> statement-breakpoint
-- Active members who receive the main newsletter today (members.newsletter) keep it: their consent came
-- with the registration their activation proved, so it is active, confirmed when they activated. A pending
-- member's consent waits on the activation link, as before (server/members/newsletters.ts).
INSERT INTO "newsletter_subscriptions" ("member_id", "newsletter", "status", "locale", "created_at", "confirmed_at")
SELECT "id", 'HW_NL-SHG_NL_B2C', 'active', "locale", "created_at", "activated_at"
FROM "members" WHERE "newsletter" AND "status" = 'active';
