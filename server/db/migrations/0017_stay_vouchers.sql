CREATE TABLE "stay_vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"nights" integer NOT NULL,
	"guests" integer NOT NULL,
	"brand_id" integer,
	"room" text NOT NULL,
	"board" text NOT NULL,
	"description" text NOT NULL,
	"valid_until" date NOT NULL,
	"member_id" integer,
	"redeemed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stay_vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "stay_vouchers_code_format" CHECK ("stay_vouchers"."code" ~ '^[A-Z0-9][A-Z0-9-]{5,31}$'),
	CONSTRAINT "stay_vouchers_nights" CHECK ("stay_vouchers"."nights" between 1 and 30),
	CONSTRAINT "stay_vouchers_guests" CHECK ("stay_vouchers"."guests" between 1 and 10),
	CONSTRAINT "stay_vouchers_board" CHECK ("stay_vouchers"."board" in ('room_only', 'breakfast', 'half_board', 'full_board')),
	CONSTRAINT "stay_vouchers_redeemed_together" CHECK (("stay_vouchers"."member_id" is null) = ("stay_vouchers"."redeemed_at" is null)),
	CONSTRAINT "stay_vouchers_used_once_redeemed" CHECK ("stay_vouchers"."used_at" is null or "stay_vouchers"."member_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "stay_vouchers" ADD CONSTRAINT "stay_vouchers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_vouchers" ADD CONSTRAINT "stay_vouchers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_vouchers_member_idx" ON "stay_vouchers" USING btree ("member_id");