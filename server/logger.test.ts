import { describe, expect, it } from 'vitest';
import { createJsonLogger, toLogLine } from './logger';

describe('createJsonLogger', () => {
  it('writes one JSON object per line, errors with their stack', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ write: (line) => void lines.push(line) });
    logger.log('error', 'failed', { requestId: 'r1', error: new Error('boom') });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('\n')).toBe(true);
    const parsed = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(parsed).toMatchObject({ level: 'error', msg: 'failed', requestId: 'r1', error: { name: 'Error', message: 'boom' } });
    expect((parsed.error as { stack: string }).stack).toContain('logger.test.ts');
  });

  it('drops lines below the minimum level', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ minLevel: 'warn', write: (line) => void lines.push(line) });
    logger.log('info', 'request');
    logger.log('debug', 'detail');
    logger.log('warn', 'slow');
    logger.log('error', 'failed');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['slow', 'failed']);
  });
});

describe('toLogLine', () => {
  it('keeps the cause of an error', () => {
    const line = toLogLine('error', 'failed', { error: new Error('Failed query', { cause: new Error('relation does not exist') }) });
    expect(line.error).toMatchObject({ message: 'Failed query', cause: { message: 'relation does not exist' } });
  });

  it('puts time, level and message first', () => {
    expect(Object.keys(toLogLine('info', 'hello', { a: 1 }, new Date(0)))).toEqual(['time', 'level', 'msg', 'a']);
  });
});
