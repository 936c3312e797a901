import { createHash } from "node:crypto";
import { withoutBidiControls } from "~/lib/comment-rules";

/**
 * A made-up name for an account without a display name: an adjective and an animal, picked by the
 * first two bytes of the MD5 of the user id (a spread, not a secret). It reads as a friendly
 * pseudonym, not as a real person, a count of members or an id, and is easy to tell apart in a
 * thread; it says nothing about the email. Migration 0015 wrote the same names in SQL for existing
 * accounts: both lists are frozen (64 words each, so a byte picks one evenly).
 */
// prettier-ignore
const ADJECTIVES = [
  "Amber", "Adept", "Agile", "Bold", "Brave", "Bright", "Brisk", "Calm",
  "Candid", "Cheerful", "Civil", "Clever", "Cosmic", "Curious", "Daring", "Deft",
  "Eager", "Earnest", "Elegant", "Fair", "Fearless", "Fleet", "Friendly", "Gentle",
  "Glad", "Golden", "Good", "Grand", "Happy", "Hardy", "Honest", "Humble",
  "Jolly", "Keen", "Kind", "Lively", "Loyal", "Lucky", "Merry", "Mellow",
  "Mighty", "Modest", "Nimble", "Noble", "Patient", "Plucky", "Polite", "Proud",
  "Quick", "Quiet", "Radiant", "Ready", "Serene", "Sincere", "Steady", "Sunny",
  "Swift", "Tidy", "Upbeat", "Valiant", "Vivid", "Warm", "Wise", "Witty",
];

// prettier-ignore
const ANIMALS = [
  "Albatross", "Alpaca", "Antelope", "Badger", "Beaver", "Bison", "Crane", "Dolphin",
  "Eagle", "Egret", "Falcon", "Ferret", "Finch", "Fox", "Gazelle", "Gecko",
  "Giraffe", "Heron", "Hedgehog", "Ibis", "Jaguar", "Kestrel", "Kingfisher", "Koala",
  "Lark", "Lemur", "Leopard", "Lion", "Llama", "Lynx", "Magpie", "Marten",
  "Meerkat", "Moose", "Narwhal", "Newt", "Ocelot", "Orca", "Osprey", "Otter",
  "Owl", "Panda", "Panther", "Pelican", "Penguin", "Puffin", "Quail", "Rabbit",
  "Raven", "Robin", "Salmon", "Seal", "Sparrow", "Squirrel", "Stork", "Swan",
  "Starling", "Tiger", "Toucan", "Turtle", "Walrus", "Whale", "Wolf", "Wren",
];

/** The account's made-up name, the same every time for one user id. */
export function neutralNameOf(userId: string): string {
  const digest = createHash("md5").update(userId).digest();
  return `${ADJECTIVES[digest[0]! % ADJECTIVES.length]} ${ANIMALS[digest[1]! % ANIMALS.length]}`;
}

/**
 * The name others see for an account (its comments, its profile's username): the display name the
 * person chose, else its made-up name. Never any part of the email address.
 */
export function publicNameOf(displayName: string | null | undefined, userId: string): string {
  return withoutBidiControls(displayName ?? "").trim() || neutralNameOf(userId);
}
