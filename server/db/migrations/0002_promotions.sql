CREATE TABLE "promotion_brands" (
	"promotion_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "promotion_brands_promotion_id_brand_id_pk" PRIMARY KEY("promotion_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"percent_off" integer NOT NULL,
	"stay_from" date NOT NULL,
	"stay_until" date NOT NULL,
	CONSTRAINT "promotions_code_unique" UNIQUE("code"),
	CONSTRAINT "promotions_code_format" CHECK ("promotions"."code" ~ '^[A-Z0-9]{3,32}$'),
	CONSTRAINT "promotions_percent_off" CHECK ("promotions"."percent_off" between 1 and 90),
	CONSTRAINT "promotions_stay_window" CHECK ("promotions"."stay_until" >= "promotions"."stay_from")
);
--> statement-breakpoint
ALTER TABLE "promotion_brands" ADD CONSTRAINT "promotion_brands_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_brands" ADD CONSTRAINT "promotion_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;