import { createHash } from 'node:crypto';

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

/**
 * Builds a log line. Every Error in the fields, however deep, goes through describeError: JSON.stringify
 * would drop an Error's message but keep its own properties, such as the parameters of a failed query.
 */
export function toLogLine(level: LogLevel, message: string, fields: LogFields = {}, now = new Date()): LogLine {
  const line: LogLine = { time: now.toISOString(), level, msg: message };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'time' || key === 'level' || key === 'msg') continue; // a field never hides these
    line[key] = ACCESS_ID_FIELDS.has(key) && typeof value === 'string' ? idFingerprint(value) : withErrorsDescribed(value, 0);
  }
  return line;
}

/**
 * Fields holding ids that open a guest's booking to whoever knows them. The log keeps a fingerprint
 * instead: lines about one cart still belong together, and whoever has the id can compute it to search.
 */
const ACCESS_ID_FIELDS = new Set(['cartId', 'orderId']);

/** `id:` and the first 12 hex digits of the id's SHA-256. */
export function idFingerprint(id: string): string {
  return `id:${createHash('sha256').update(id).digest('hex').slice(0, 12)}`;
}

function withErrorsDescribed(value: unknown, depth: number): unknown {
  if (value instanceof Error) return describeError(value);
  if (depth >= 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withErrorsDescribed(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withErrorsDescribed(item, depth + 1)]));
}

/**
 * What the log keeps of an error: enough to find the fault, nothing a reader of the logs could misuse.
 * No query parameters, no values quoted by the database, no free text beyond a short first line.
 */
export interface ErrorDescription {
  name: string;
  /** The first line of the message, shortened; for a failed query only "Failed query". */
  message: string;
  /** The SQLSTATE of a database error, or a system or library code (ECONNREFUSED, CONNECT_TIMEOUT, EAUTH). */
  code?: string;
  /** For a failed query: the statement with its placeholders ($1, $2), string literals cut out, shortened. */
  query?: string;
  /** Names (never values) a database error points at. */
  table?: string;
  column?: string;
  constraint?: string;
  /** The call frames only: the first line of a stack repeats the message, parameters included. */
  stack?: string;
  /** The wrapped error, e.g. the PostgreSQL error inside a drizzle "Failed query" error. */
  cause?: ErrorDescription;
  /** The errors of an AggregateError (a connection tried on several addresses), the first three. */
  errors?: ErrorDescription[];
}

const MESSAGE_LIMIT = 200;
const QUERY_LIMIT = 300;
/** drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <the parameters, in clear>". */
const FAILED_QUERY = /^Failed query: /;
const SQLSTATE = /^[0-9A-Z]{5}$/;

export function describeError(error: Error, depth = 0): ErrorDescription {
  const fields = error as Error & Record<string, unknown>;
  const code = typeof fields.code === 'string' && fields.code.length <= 40 ? fields.code : undefined;
  // drizzle's error classes keep the name "Error": their class name says more.
  const name = error.name === 'Error' && error.constructor.name !== 'Error' ? error.constructor.name : error.name;
  const description: ErrorDescription = { name, message: shortMessage(error, code) };
  if (code) description.code = code;
  if (FAILED_QUERY.test(error.message) && typeof fields.query === 'string') description.query = statementShape(fields.query);
  // postgres-js names them table_name, ...; PGlite (and node-postgres) table, ...
  for (const [key, names] of [
    ['table', ['table_name', 'table']],
    ['column', ['column_name', 'column']],
    ['constraint', ['constraint_name', 'constraint']],
  ] as const) {
    const value = names.map((name) => fields[name]).find((candidate) => typeof candidate === 'string' && candidate !== '');
    if (typeof value === 'string') description[key] = value.slice(0, 100);
  }
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames?.length) description.stack = frames.join('\n');
  if (error.cause instanceof Error && depth < 3) description.cause = describeError(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < 3) {
    description.errors = error.errors.slice(0, 3).flatMap((inner: unknown) => (inner instanceof Error ? [describeError(inner, depth + 1)] : []));
  }
  return description;
}

/**
 * The error as error reporting may see it: a new Error built from describeError (name, short message and
 * code, stack frames, causes), so a report carries no more than a log line does.
 */
export function reportableError(error: unknown): unknown {
  return error instanceof Error ? fromDescription(describeError(error)) : error;
}

function fromDescription(description: ErrorDescription): Error {
  const error = new Error(description.code ? `${description.message} (${description.code})` : description.message);
  error.name = description.name;
  error.stack = `${description.name}: ${error.message}${description.stack ? `\n${description.stack}` : ''}`;
  if (description.cause) error.cause = fromDescription(description.cause);
  return error;
}

function shortMessage(error: Error, code: string | undefined): string {
  if (FAILED_QUERY.test(error.message)) return 'Failed query';
  let message = error.message.split('\n', 1)[0] ?? '';
  // Data exceptions (SQLSTATE class 22) quote the value that was refused: 'invalid input syntax for type uuid: "..."'.
  if (code && SQLSTATE.test(code) && code.startsWith('22')) message = message.replace(/"(?:[^"]|"")*"/g, '"…"');
  return message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT)}…` : message;
}

/** A statement as drizzle sent it has placeholders for its parameters; literals written into it are cut out too. */
function statementShape(query: string): string {
  const shape = query.replace(/'(?:[^']|'')*'/g, "'…'").replace(/\s+/g, ' ');
  return shape.length > QUERY_LIMIT ? `${shape.slice(0, QUERY_LIMIT)}…` : shape;
}

/**
 * A request path as the logs keep it: ids in it become `:id`. A guest's cart and order ids are the only
 * credential to that booking, and links may carry tokens. Query strings are never passed in.
 */
export function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (looksLikeId(segment) ? ':id' : segment))
    .join('/');
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** UUIDs, tokens (24 characters and more) and long codes with several digits; no route name is like that. */
function looksLikeId(segment: string): boolean {
  if (UUID.test(segment) || segment.length >= 24) return true;
  return segment.length >= 12 && (segment.match(/[0-9]/g)?.length ?? 0) >= 4;
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
