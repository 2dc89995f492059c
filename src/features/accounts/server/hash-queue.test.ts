import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors';
import { createHashQueue } from './hash-queue';

/** A task that runs until released, recording when it starts. */
function gated(log: string[], name: string, watch: { active: number; most: number }) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const task = async () => {
    watch.active++;
    watch.most = Math.max(watch.most, watch.active);
    log.push(name);
    await done;
    watch.active--;
    return name;
  };
  return { task, release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the password hash queue', () => {
  it('runs at most `concurrency` tasks at once and starts the others first in, first out', async () => {
    const queue = createHashQueue({ concurrency: 2, maxWaiting: 10, reservedForTrusted: 0 });
    const log: string[] = [];
    const watch = { active: 0, most: 0 };
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((name) => gated(log, name, watch));
    const results = tasks.map(({ task }) => queue.run(task));
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect(queue.load()).toEqual({ running: 2, waiting: 3 });
    tasks[1]!.release();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    for (const { release } of tasks) release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(log).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(watch.most).toBe(2);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with 429 busy and a Retry-After when the waiting places are taken', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 2 });
    const log: string[] = [];
    const watch = { active: 0, most: 0 };
    const held = ['a', 'b', 'c'].map((name) => gated(log, name, watch));
    const results = held.map(({ task }) => queue.run(task));
    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'busy', status: 429, options: { retryAfterSeconds: 2 } });
    for (const { release } of held) release();
    await Promise.all(results);
    expect(await queue.run(async () => 'later')).toBe('later');
  });

  it('starts a trusted sign-in before anonymous ones, in its own waiting places', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 1 });
    const log: string[] = [];
    const watch = { active: 0, most: 0 };
    const first = gated(log, 'first', watch);
    const anonymous = gated(log, 'anonymous', watch);
    const trusted = gated(log, 'trusted', watch);
    const running = queue.run(first.task);
    const waiting = queue.run(anonymous.task);
    const owner = queue.run(trusted.task, 'trusted');
    first.release();
    trusted.release();
    anonymous.release();
    await Promise.all([running, waiting, owner]);
    expect(log).toEqual(['first', 'trusted', 'anonymous']);
  });

  it('keeps a running place for trusted sign-ins: anonymous ones use the others', async () => {
    const queue = createHashQueue({ concurrency: 2, maxWaiting: 5 });
    const log: string[] = [];
    const watch = { active: 0, most: 0 };
    const flood = ['a1', 'a2', 'a3'].map((name) => gated(log, name, watch));
    const floodDone = flood.map(({ task }) => queue.run(task));
    await settle();
    expect(log).toEqual(['a1']);
    const owner = gated(log, 'owner', watch);
    const ownerDone = queue.run(owner.task, 'trusted');
    await settle();
    // Started at once, without waiting for the anonymous one ahead of it.
    expect(log).toEqual(['a1', 'owner']);
    expect(queue.load()).toEqual({ running: 2, waiting: 2 });
    owner.release();
    await ownerDone;
    await settle();
    // The reserved place stays free for the next trusted sign-in.
    expect(log).toEqual(['a1', 'owner']);
    for (const { release } of flood) release();
    await Promise.all(floodDone);
    expect(log).toEqual(['a1', 'owner', 'a2', 'a3']);
  });

  it('frees the place of a task that failed', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
