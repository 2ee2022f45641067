CREATE TABLE "member_billing_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"company_name" text,
	"vat_id" text,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" char(2) NOT NULL,
	"state_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_email_changes" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_email_changes_lower_case" CHECK ("member_email_changes"."new_email" = lower("member_email_changes"."new_email"))
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "member_billing_addresses" ADD CONSTRAINT "member_billing_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_email_changes" ADD CONSTRAINT "member_email_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_billing_addresses_member_idx" ON "member_billing_addresses" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose" CHECK ("one_time_codes"."purpose" in ('otp', 'activation', 'password-reset', 'birthday', 'name', 'email-change'));