CREATE TABLE "checkin_pay_requests" (
	"checkin_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkin_pay_requests_checkin_id_idempotency_key_pk" PRIMARY KEY("checkin_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "online_checkins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stay_id" uuid NOT NULL,
	"reservation_number" text NOT NULL,
	"status" text NOT NULL,
	"details" jsonb,
	"payment_method" text,
	"pending_payment_id" text,
	"authorized_payment_id" text,
	"authorized_minor" integer,
	"currency" char(3),
	"last_decline_reason" text,
	"confirmation_code" text,
	"locale" text NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "online_checkins_stay_id_unique" UNIQUE("stay_id"),
	CONSTRAINT "online_checkins_confirmation_code_unique" UNIQUE("confirmation_code"),
	CONSTRAINT "online_checkins_status" CHECK ("online_checkins"."status" in ('details_required', 'payment_required', 'completed')),
	CONSTRAINT "online_checkins_completed" CHECK ("online_checkins"."status" <> 'completed' or ("online_checkins"."confirmation_code" is not null and "online_checkins"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "pre_arrival_mails" (
	"stay_id" uuid PRIMARY KEY NOT NULL,
	"reservation_number" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkin_pay_requests" ADD CONSTRAINT "checkin_pay_requests_checkin_id_online_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."online_checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_checkins_pending_idx" ON "online_checkins" USING btree ("pending_payment_id") WHERE "online_checkins"."pending_payment_id" is not null;