/**
 * Structured logging: one JSON object per line, so the platform's log collector can index the fields.
 * The logger is passed in (never imported as a singleton) so tests can capture what a request logged.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Record<string, unknown>;

export interface Logger {
  log(level: LogLevel, message: string, fields?: LogFields): void;
}

export interface LogLine extends LogFields {
  time: string;
  level: LogLevel;
  msg: string;
}

/** Builds a log line; Error values become `{ name, message, stack }` because JSON.stringify drops them. */
export function toLogLine(level: LogLevel, message: string, fields: LogFields = {}, now = new Date()): LogLine {
  const line: LogLine = { time: now.toISOString(), level, msg: message };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'time' || key === 'level' || key === 'msg') continue; // a field never hides these
    line[key] = value instanceof Error ? describeError(value) : value;
  }
  return line;
}

export interface ErrorDescription {
  name: string;
  message: string;
  stack?: string;
  /** The wrapped error, e.g. the PostgreSQL error inside a drizzle "Failed query" error. */
  cause?: ErrorDescription;
}

export function describeError(error: Error, depth = 0): ErrorDescription {
  const description: ErrorDescription = { name: error.name, message: error.message, stack: error.stack };
  if (error.cause instanceof Error && depth < 3) description.cause = describeError(error.cause, depth + 1);
  return description;
}

export interface JsonLoggerOptions {
  /** Lines below this level are dropped (LOG_LEVEL). Default info. */
  minLevel?: LogLevel;
  /** Where lines go; stdout by default. */
  write?: (line: string) => void;
}

/** Writes JSON lines, one per event. */
export function createJsonLogger({ minLevel = 'info', write = (line) => process.stdout.write(line) }: JsonLoggerOptions = {}): Logger {
  const threshold = LOG_LEVELS.indexOf(minLevel);
  return {
    log(level, message, fields) {
      if (LOG_LEVELS.indexOf(level) < threshold) return;
      write(`${JSON.stringify(toLogLine(level, message, fields))}\n`);
    },
  };
}
