ALTER TABLE "hotel_checkouts" ADD COLUMN "checkout_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hotel_checkouts" ADD COLUMN "invoices_mailed_at" timestamp with time zone;--> statement-breakpoint
-- Check-outs before this column mailed their invoices at once (or logged that they could not): none is mailed again.
UPDATE "hotel_checkouts" SET "invoices_mailed_at" = "checked_out_at" WHERE "checked_out_at" IS NOT NULL;
