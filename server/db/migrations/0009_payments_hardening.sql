CREATE TABLE "card_token_bindings" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"cart_id" uuid,
	"member_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_token_bindings_owner" CHECK ("card_token_bindings"."cart_id" is not null or "card_token_bindings"."member_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "cart_vouchers" (
	"cart_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cart_vouchers_cart_id_voucher_id_pk" PRIMARY KEY("cart_id","voucher_id")
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cart_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_key" text NOT NULL,
	"method" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"return_url" text NOT NULL,
	"locale" text NOT NULL,
	"cvv_token" text,
	"state" text NOT NULL,
	"provider_payment_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_intents_provider_key_unique" UNIQUE("provider_key"),
	CONSTRAINT "payment_intents_state" CHECK ("payment_intents"."state" in ('authorizing', 'action_required', 'authorized', 'ordered', 'declined', 'voided', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "pending_intent_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_vouchers" ADD CONSTRAINT "cart_vouchers_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_vouchers" ADD CONSTRAINT "cart_vouchers_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_vouchers_voucher_idx" ON "cart_vouchers" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "payment_intents_state_idx" ON "payment_intents" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "payment_intents_payment_idx" ON "payment_intents" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_intents_cart_idx" ON "payment_intents" USING btree ("cart_id","idempotency_key");--> statement-breakpoint
-- Vouchers applied before this migration: listed on their carts, and claimed only by a cart being paid.
INSERT INTO "cart_vouchers" ("cart_id", "voucher_id", "applied_at")
SELECT v."cart_id", v."id", c."updated_at" FROM "vouchers" v JOIN "carts" c ON c."id" = v."cart_id"
WHERE v."redeemed_order_id" IS NULL;--> statement-breakpoint
UPDATE "vouchers" v SET "cart_id" = NULL FROM "carts" c
WHERE c."id" = v."cart_id" AND v."redeemed_order_id" IS NULL AND c."status" <> 'payment_pending';
