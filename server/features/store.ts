import { createHash } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { type FeaturesPayload, FeaturesFileSchema } from '../../src/contract/features';
import type { Logger } from '../logger';

/**
 * The flags the site serves, read from a JSON file (FEATURES_FILE, default server/features/flags.json)
 * and read again whenever it changes, so a flag flipped on the server reaches open pages through the
 * event stream. A bad file stops the start with a message naming every problem; a bad edit later is
 * logged and the last good flags stay served.
 */

export class FeaturesFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid features file ${file}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'FeaturesFileError';
  }
}

/** Calls `onChange` whenever the file may have changed; answers the function that stops watching. */
export type FileWatcher = (file: string, onChange: () => void) => () => void;

/**
 * Polls the file's status: unlike fs.watch it survives editors that replace the file instead of writing
 * it, and behaves the same on every platform. Half a second is quick enough for a person flipping a flag.
 */
export const pollingWatcher: FileWatcher = (file, onChange) => {
  const listener = () => onChange();
  watchFile(file, { interval: 500, persistent: false }, listener);
  return () => unwatchFile(file, listener);
};

export interface FeatureStore {
  /** The payload served now. */
  current(): FeaturesPayload;
  /** Calls `listener` with each new payload; answers the unsubscribe. */
  subscribe(listener: (payload: FeaturesPayload) => void): () => void;
  /** Reads the file again; resolves once a changed file is served (or refused). The watcher calls it. */
  reload(): Promise<void>;
  /** How many listeners (open streams) there are. */
  subscribers(): number;
  close(): void;
}

export interface FeatureStoreOptions {
  file: string;
  logger: Logger;
  /** Default: pollingWatcher. Tests pass one they trigger themselves. */
  watch?: FileWatcher;
  now?: () => Date;
}

/** Parses and checks the file's text; throws a FeaturesFileError listing every problem. */
export function parseFeaturesFile(file: string, text: string): v.InferOutput<typeof FeaturesFileSchema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FeaturesFileError(file, [`not JSON: ${error instanceof Error ? error.message : String(error)}`]);
  }
  const result = v.safeParse(FeaturesFileSchema, json);
  if (!result.success) {
    throw new FeaturesFileError(
      file,
      result.issues.map((issue) => `${v.getDotPath(issue) ?? 'file'}: ${issue.message}`),
    );
  }
  return result.output;
}

/** Reads the file once (synchronously: the process cannot start without it) and starts watching it. */
export function createFeatureStore({ file, logger, watch = pollingWatcher, now = () => new Date() }: FeatureStoreOptions): FeatureStore {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FeaturesFileError(file, [`cannot be read: ${error instanceof Error ? error.message : String(error)}`]);
  }
  let payload: FeaturesPayload = { ...parseFeaturesFile(file, text), dateUpdated: now().toISOString() };
  let digest = hashOf(text);
  const listeners = new Set<(payload: FeaturesPayload) => void>();

  // Changes arriving while a read is under way are read after it, in order.
  let reading: Promise<void> = Promise.resolve();
  const readAgain = async () => {
    let next: string;
    try {
      next = await readFile(file, 'utf8');
    } catch (error) {
      logger.log('error', 'features file cannot be read; the previous flags stay served', { file, error });
      return;
    }
    const nextDigest = hashOf(next);
    if (nextDigest === digest) return;
    try {
      payload = { ...parseFeaturesFile(file, next), dateUpdated: now().toISOString() };
    } catch (error) {
      logger.log('error', 'features file is invalid; the previous flags stay served', { file, error: error instanceof Error ? error.message : error });
      return;
    }
    digest = nextDigest;
    logger.log('info', 'features file reloaded', { file, features: Object.keys(payload.features).length });
    for (const listener of listeners) listener(payload);
  };
  const reload = () => {
    reading = reading.then(readAgain);
    return reading;
  };
  const stopWatching = watch(file, () => void reload());

  return {
    current: () => payload,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload,
    subscribers: () => listeners.size,
    close() {
      stopWatching();
      listeners.clear();
    },
  };
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
