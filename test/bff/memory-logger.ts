import { type Logger, type LogLine, toLogLine } from '../../server/logger';

/** A logger that keeps its lines, for tests that check what a request logged. */
export function createMemoryLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    log(level, message, fields) {
      lines.push(toLogLine(level, message, fields));
    },
  };
}
