CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"scim_external_id" text,
	"active" boolean NOT NULL,
	"rate_code" text NOT NULL,
	"rate_price_factor_bps" integer NOT NULL,
	"rate_breakfast_included" boolean NOT NULL,
	"rate_guarantee_policy_code" text NOT NULL,
	"rate_cancellation_policy_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "companies_scim_external_id_unique" UNIQUE("scim_external_id"),
	CONSTRAINT "companies_rate_code_unique" UNIQUE("rate_code"),
	CONSTRAINT "companies_rate_code_format" CHECK ("companies"."rate_code" ~ '^CORP_[A-Z0-9_]{1,11}$'),
	CONSTRAINT "companies_rate_price_factor" CHECK ("companies"."rate_price_factor_bps" between 1 and 20000)
);
--> statement-breakpoint
CREATE TABLE "company_admins" (
	"company_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "company_admins_company_id_member_id_pk" PRIMARY KEY("company_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "company_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "company_domains_lower_case" CHECK ("company_domains"."domain" = lower("company_domains"."domain")),
	CONSTRAINT "company_domains_format" CHECK ("company_domains"."domain" ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$')
);
--> statement-breakpoint
CREATE TABLE "company_enrolments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"work_email" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"external_id" text,
	"active" boolean NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "company_enrolments_work_email_lower_case" CHECK ("company_enrolments"."work_email" = lower("company_enrolments"."work_email")),
	CONSTRAINT "company_enrolments_left" CHECK ("company_enrolments"."active" = ("company_enrolments"."left_at" is null))
);
--> statement-breakpoint
CREATE TABLE "company_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	CONSTRAINT "company_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "company_invites_email_lower_case" CHECK ("company_invites"."email" = lower("company_invites"."email"))
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose";--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_rate_guarantee_policy_code_guarantee_policies_code_fk" FOREIGN KEY ("rate_guarantee_policy_code") REFERENCES "public"."guarantee_policies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_rate_cancellation_policy_code_cancellation_policies_code_fk" FOREIGN KEY ("rate_cancellation_policy_code") REFERENCES "public"."cancellation_policies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_admins" ADD CONSTRAINT "company_admins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_admins" ADD CONSTRAINT "company_admins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_domains" ADD CONSTRAINT "company_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_enrolments" ADD CONSTRAINT "company_enrolments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_enrolments" ADD CONSTRAINT "company_enrolments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invites" ADD CONSTRAINT "company_invites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invites" ADD CONSTRAINT "company_invites_invited_by_members_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invites" ADD CONSTRAINT "company_invites_accepted_by_members_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_admins_member_idx" ON "company_admins" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "company_domains_company_idx" ON "company_domains" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_enrolments_active_member" ON "company_enrolments" USING btree ("member_id") WHERE "company_enrolments"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "company_enrolments_active_work_email" ON "company_enrolments" USING btree ("work_email") WHERE "company_enrolments"."active";--> statement-breakpoint
CREATE INDEX "company_enrolments_company_idx" ON "company_enrolments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_invites_company_idx" ON "company_invites" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_invites_email_idx" ON "company_invites" USING btree ("company_id","email");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose" CHECK ("one_time_codes"."purpose" in ('otp', 'activation', 'password-reset', 'birthday', 'name', 'email-change', 'cancel-membership', 'step-up', 'corporate-enrol'));