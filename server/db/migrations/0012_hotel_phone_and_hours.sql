ALTER TABLE "hotels" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "check_in_from" text DEFAULT '15:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "check_out_until" text DEFAULT '12:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_phone_format" CHECK ("hotels"."phone" ~ '^\+[0-9]{1,3}( [0-9]{1,4}){2,5}$');--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_check_in_from_format" CHECK ("hotels"."check_in_from" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_check_out_until_format" CHECK ("hotels"."check_out_until" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');