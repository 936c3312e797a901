import type { Database } from "../../db/client.server";

/**
 * A prepared statement for each database handle, made on first use: Drizzle builds its SQL once
 * instead of on every call, and PostgreSQL plans a named statement once per connection.
 */
export function preparedPerDatabase<Statement>(
  prepare: (db: Database) => Statement,
): (db: Database) => Statement {
  const made = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = prepare(db);
      made.set(db, statement);
    }
    return statement;
  };
}
