import type { Db } from './database';

/**
 * Statements of a hot path, built once per database (Drizzle `.prepare(name)` with placeholders)
 * instead of on every call: PostgreSQL then parses each once per connection, and the app skips
 * building its SQL text. Only for statements whose plan does not depend on the values (a generic
 * plan is as good as a one-off one); see docs/performance.md "API cost per request".
 */
export function preparedFor<Statements>(build: (db: Db) => Statements): (db: Db) => Statements {
  const built = new WeakMap<Db, Statements>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) built.set(db, (statements = build(db)));
    return statements;
  };
}
