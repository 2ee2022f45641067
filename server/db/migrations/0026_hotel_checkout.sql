CREATE TABLE "hotel_checkout_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"checkout_id" uuid NOT NULL,
	"state" text NOT NULL,
	"folio_version" integer NOT NULL,
	"private_minor" integer NOT NULL,
	"business_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"payment_method" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"provider_payment_id" text,
	"locale" text,
	"return_url" text,
	"decline_reason" text,
	"recorded_private_minor" integer DEFAULT 0 NOT NULL,
	"recorded_business_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hotel_checkout_sessions_state" CHECK ("hotel_checkout_sessions"."state" in ('open', 'authorizing', 'action_required', 'recording', 'paid', 'stale', 'declined', 'replaced'))
);
--> statement-breakpoint
CREATE TABLE "hotel_checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stay_id" text NOT NULL,
	"hotel_code" text NOT NULL,
	"reservation_number" text NOT NULL,
	"locale" text NOT NULL,
	"private_address" jsonb,
	"business_address" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"checked_out_at" timestamp with time zone,
	"points_credited" integer,
	CONSTRAINT "hotel_checkouts_stay_id_unique" UNIQUE("stay_id")
);
--> statement-breakpoint
CREATE TABLE "hotel_invoice_counters" (
	"hotel_code" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"checkout_id" uuid NOT NULL,
	"folio" text NOT NULL,
	"hotel_code" text NOT NULL,
	"number" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"issued_on" date NOT NULL,
	"total_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hotel_invoices_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "hotel_invoices_checkout_folio" UNIQUE("checkout_id","folio"),
	CONSTRAINT "hotel_invoices_hotel_number" UNIQUE("hotel_code","number")
);
--> statement-breakpoint
CREATE TABLE "hotel_pay_requests" (
	"session_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hotel_pay_requests_session_id_idempotency_key_pk" PRIMARY KEY("session_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "hotel_checkout_sessions" ADD CONSTRAINT "hotel_checkout_sessions_checkout_id_hotel_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."hotel_checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_invoices" ADD CONSTRAINT "hotel_invoices_checkout_id_hotel_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."hotel_checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_pay_requests" ADD CONSTRAINT "hotel_pay_requests_session_id_hotel_checkout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."hotel_checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hotel_checkout_sessions_checkout_idx" ON "hotel_checkout_sessions" USING btree ("checkout_id","created_at");--> statement-breakpoint
CREATE INDEX "hotel_checkout_sessions_payment_idx" ON "hotel_checkout_sessions" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "hotel_checkouts_reservation_idx" ON "hotel_checkouts" USING btree ("reservation_number");