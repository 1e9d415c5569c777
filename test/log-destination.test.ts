// The service's log lines on standard output (src/process/log-destination.ts): the lines of one turn of
// the event loop reach SonicBoom as one write, in the order written; what is pending is written when
// flushed synchronously (at exit) or asked to flush; the next turn's lines are a write of their own.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { TurnBatch } from '../src/process/log-destination.ts';
import { tempDir } from './support/fixture.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

function sinkIn(dir: string) {
  const path = join(dir, 'log');
  const sink = pino.destination({ dest: path, sync: true });
  return { sink, text: () => readFileSync(path, 'utf8'), writes: vi.spyOn(sink, 'write') };
}

describe('the log lines of a turn', () => {
  it('go out as one write, in order, and the next turn as another', async () => {
    const { sink, text, writes } = sinkIn(tempDir());
    const batch = new TurnBatch(sink);
    const logger = pino({ level: 'info' }, batch);
    for (let i = 0; i < 5; i++) logger.info({ i }, 'line');
    expect(writes).not.toHaveBeenCalled();
    await turn();
    expect(writes).toHaveBeenCalledTimes(1);
    logger.warn('next');
    await turn();
    expect(writes).toHaveBeenCalledTimes(2);
    const lines = text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { i?: number; msg: string });
    expect(lines.map((l) => l.i ?? l.msg)).toEqual([0, 1, 2, 3, 4, 'next']);
  });

  it('are written at once by a synchronous flush (the exit) and by logger.flush', async () => {
    const { sink, text } = sinkIn(tempDir());
    const batch = new TurnBatch(sink);
    const logger = pino({ level: 'info' }, batch);
    logger.info('pending at exit');
    batch.flushSync();
    expect(text()).toContain('pending at exit');
    logger.info('flushed');
    await new Promise<void>((resolve, reject) => logger.flush((error) => (error ? reject(error) : resolve())));
    expect(text()).toContain('flushed');
    await turn(); // the turn's own write finds nothing left
    expect(text().trim().split('\n')).toHaveLength(2);
  });
});
