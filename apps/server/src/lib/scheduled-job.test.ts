import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { scheduleJob } from './scheduled-job';

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

describe('a scheduled job', () => {
  it('runs first after the app is ready, then on its interval, and close waits for a run under way', async () => {
    const app = Fastify();
    const runs: string[] = [];
    let finish: () => void = () => {};
    scheduleJob(app, {
      firstAfterMs: 10,
      everyMs: 10,
      first: async () => void runs.push('first'),
      every: () => {
        runs.push('every');
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(runs, 'nothing before the app is ready').toEqual([]);
    await app.ready();
    await until(() => runs.includes('every'));
    expect(runs[0]).toBe('first');
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(closed, 'close waits for the run under way').toBe(false);
    finish();
    await closing;
    const after = runs.length;
    await new Promise((r) => setTimeout(r, 40));
    expect(runs.length, 'no run after close').toBe(after);
  });
});
