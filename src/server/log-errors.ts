import pg from 'pg';

/**
 * How an error appears in the log. A failed query's error carries the SQL text and its
 * parameters (Drizzle), and PostgreSQL's own message and detail quote the values
 * ("Key (email)=(ana@example.sk) already exists"): personal data that must not reach the log.
 * Of those we keep the class, the PostgreSQL code, the constraint, table and column names and the
 * stack frames; any other error is logged whole, as pino would.
 */
export function serializeErrorForLog(error: Error): Logged {
  return describe(error, new Set());
}

type Logged = { [key: string]: unknown; type: string; message: string; stack: string };

function describe(error: Error, seen: Set<Error>): Logged {
  seen.add(error);
  const type = error.constructor?.name || error.name;
  const cause = error.cause instanceof Error && !seen.has(error.cause) ? error.cause : undefined;
  const causeEntry = cause ? { cause: describe(cause, seen) } : {};

  if (error instanceof pg.DatabaseError) {
    return {
      type,
      message: `PostgreSQL error ${error.code ?? 'without a code'} (message withheld)`,
      code: error.code,
      ...definedOnly({
        constraint: error.constraint,
        schema: error.schema,
        table: error.table,
        column: error.column,
      }),
      stack: framesOf(error),
      ...causeEntry,
    };
  }
  if (carriesQuery(error)) {
    const message = 'failed query (text and parameters withheld)';
    return { type, message, stack: framesOf(error), ...causeEntry };
  }

  const logged: Logged = { type, message: error.message, stack: error.stack ?? '' };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in logged) continue;
    logged[key] = value instanceof Error ? describe(value, seen) : value;
  }
  return { ...logged, ...causeEntry };
}

/** Drizzle's failed-query error: its message and fields repeat the SQL and the parameters. */
function carriesQuery(error: Error): boolean {
  return 'query' in error && 'params' in error;
}

/** The stack without its first line, which repeats the message. */
function framesOf(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function definedOnly(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
