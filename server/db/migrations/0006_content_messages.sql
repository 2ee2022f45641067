CREATE TABLE "service_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"target_urls" text DEFAULT '' NOT NULL,
	"is_opened_by_default" boolean DEFAULT true NOT NULL,
	"header" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"background_colour" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_messages_key_unique" UNIQUE("key"),
	CONSTRAINT "service_messages_colour_format" CHECK ("service_messages"."background_colour" ~ '^#([0-9a-fA-F]{3}){1,2}$')
);
--> statement-breakpoint
CREATE TABLE "targeted_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "targeted_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"trigger" text NOT NULL,
	"device_type" text DEFAULT 'all' NOT NULL,
	"member_type" text DEFAULT 'all' NOT NULL,
	"member_address_status" text DEFAULT 'all' NOT NULL,
	"member_preferences_status" text DEFAULT 'all' NOT NULL,
	"member_notifications_status" text DEFAULT 'all' NOT NULL,
	"targets" jsonb DEFAULT '{"brands":[],"hotels":[],"urls":[]}'::jsonb NOT NULL,
	"excluded_pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_countdown" boolean DEFAULT false NOT NULL,
	"countdown_date" timestamp with time zone,
	"kind" text NOT NULL,
	"header" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"cta_label" jsonb,
	"cta_link" text,
	"image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "targeted_messages_key_unique" UNIQUE("key"),
	CONSTRAINT "targeted_messages_trigger" CHECK ("targeted_messages"."trigger" in ('onLoad', 'onLeave', 'onLogin', 'onInactivity', 'onScroll')),
	CONSTRAINT "targeted_messages_kind" CHECK ("targeted_messages"."kind" in ('notification', 'popup')),
	CONSTRAINT "targeted_messages_countdown" CHECK (not "targeted_messages"."is_countdown" or "targeted_messages"."countdown_date" is not null)
);
--> statement-breakpoint
CREATE INDEX "targeted_messages_priority_idx" ON "targeted_messages" USING btree ("priority");