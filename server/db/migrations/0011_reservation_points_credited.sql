ALTER TABLE "reservations" ADD COLUMN "points_credited_at" timestamp with time zone;--> statement-breakpoint
-- Reservations booked before this change had their points credited with the order.
UPDATE "reservations" SET "points_credited_at" = now() WHERE "status" = 'confirmed' AND "points_earned" > 0;
