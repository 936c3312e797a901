-- Accounts without a display name were shown under the part of their email before the @. They get
-- the made-up name the app now gives them (server/auth/public-name.server.ts: an adjective and an
-- animal picked by the MD5 of the user id, from the same two lists). A comment stored under its
-- author's email local part takes the author's public name now: the display name if one was set
-- since, else the made-up one.
CREATE TEMPORARY TABLE "public_names" AS
SELECT "auth_users"."id" AS "user_id",
	split_part("auth_users"."email", '@', 1) AS "local_part",
	coalesce(
		nullif(btrim("user_profiles"."display_name"), ''),
		nullif(btrim("auth_users"."name"), ''),
		(ARRAY[
		'Amber', 'Adept', 'Agile', 'Bold', 'Brave', 'Bright', 'Brisk', 'Calm',
		'Candid', 'Cheerful', 'Civil', 'Clever', 'Cosmic', 'Curious', 'Daring', 'Deft',
		'Eager', 'Earnest', 'Elegant', 'Fair', 'Fearless', 'Fleet', 'Friendly', 'Gentle',
		'Glad', 'Golden', 'Good', 'Grand', 'Happy', 'Hardy', 'Honest', 'Humble',
		'Jolly', 'Keen', 'Kind', 'Lively', 'Loyal', 'Lucky', 'Merry', 'Mellow',
		'Mighty', 'Modest', 'Nimble', 'Noble', 'Patient', 'Plucky', 'Polite', 'Proud',
		'Quick', 'Quiet', 'Radiant', 'Ready', 'Serene', 'Sincere', 'Steady', 'Sunny',
		'Swift', 'Tidy', 'Upbeat', 'Valiant', 'Vivid', 'Warm', 'Wise', 'Witty'
	])[get_byte(decode(md5("auth_users"."id"), 'hex'), 0) % 64 + 1]
	|| ' ' || (ARRAY[
		'Albatross', 'Alpaca', 'Antelope', 'Badger', 'Beaver', 'Bison', 'Crane', 'Dolphin',
		'Eagle', 'Egret', 'Falcon', 'Ferret', 'Finch', 'Fox', 'Gazelle', 'Gecko',
		'Giraffe', 'Heron', 'Hedgehog', 'Ibis', 'Jaguar', 'Kestrel', 'Kingfisher', 'Koala',
		'Lark', 'Lemur', 'Leopard', 'Lion', 'Llama', 'Lynx', 'Magpie', 'Marten',
		'Meerkat', 'Moose', 'Narwhal', 'Newt', 'Ocelot', 'Orca', 'Osprey', 'Otter',
		'Owl', 'Panda', 'Panther', 'Pelican', 'Penguin', 'Puffin', 'Quail', 'Rabbit',
		'Raven', 'Robin', 'Salmon', 'Seal', 'Sparrow', 'Squirrel', 'Stork', 'Swan',
		'Starling', 'Tiger', 'Toucan', 'Turtle', 'Walrus', 'Whale', 'Wolf', 'Wren'
	])[get_byte(decode(md5("auth_users"."id"), 'hex'), 1) % 64 + 1]
	) AS "public_name"
FROM "auth_users"
LEFT JOIN "user_profiles" ON "user_profiles"."user_id" = "auth_users"."id";
--> statement-breakpoint
UPDATE "comments" SET "author_name" = "public_names"."public_name"
FROM "public_names"
WHERE "comments"."author_id" = "public_names"."user_id"
	AND "public_names"."local_part" <> ''
	AND "comments"."author_name" = "public_names"."local_part";
--> statement-breakpoint
UPDATE "user_profiles" SET "username" = "public_names"."public_name"
FROM "public_names"
WHERE "user_profiles"."user_id" = "public_names"."user_id"
	AND "user_profiles"."username" IS DISTINCT FROM "public_names"."public_name";
--> statement-breakpoint
DROP TABLE "public_names";
