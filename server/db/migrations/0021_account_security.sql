-- Account security (decision record 0047): step-up tokens, the browsers members sign in with, and the
-- device and last use of each session.
CREATE TABLE "member_devices" (
	"member_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"user_agent" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_devices_member_id_token_hash_pk" PRIMARY KEY("member_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "step_up_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
-- Sessions of before this migration were last used, as far as is known, when they began.
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "last_used_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_used_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "member_devices" ADD CONSTRAINT "member_devices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_up_tokens" ADD CONSTRAINT "step_up_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_devices_last_seen_idx" ON "member_devices" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "step_up_tokens_session_idx" ON "step_up_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "step_up_tokens_expires_idx" ON "step_up_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose" CHECK ("one_time_codes"."purpose" in ('otp', 'activation', 'password-reset', 'birthday', 'name', 'email-change', 'cancel-membership', 'step-up'));