import { describe, expect, it } from 'vitest';
import { sharedWhileRunning } from './running';

/** A piece of work that finishes when told to, counting how often it was started. */
function gate<Value>() {
  let finish!: (value: Value) => void;
  let fail!: (error: Error) => void;
  let started = 0;
  const start = () => {
    started += 1;
    return new Promise<Value>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return {
    start,
    finish: (value: Value) => finish(value),
    fail: (e: Error) => fail(e),
    started: () => started,
  };
}

describe('work shared while it runs', () => {
  it('starts the work once for requests that arrive while it runs, and again after it ended', async () => {
    const shared = sharedWhileRunning<number>();
    const database = {};
    const work = gate<number>();
    const first = shared(database, 'oprava', work.start);
    const second = shared(database, 'oprava', work.start);
    expect(work.started()).toBe(1);
    work.finish(1001);
    expect(await Promise.all([first, second])).toEqual([1001, 1001]);
    const third = shared(database, 'oprava', work.start);
    expect(work.started()).toBe(2);
    work.finish(7);
    expect(await third).toBe(7);
  });

  it('keeps keys and databases apart, and a failure is everyone’s and not kept', async () => {
    const shared = sharedWhileRunning<number>();
    const [one, other] = [{}, {}];
    const [a, b, elsewhere, again] = [
      gate<number>(),
      gate<number>(),
      gate<number>(),
      gate<number>(),
    ];
    const failing = shared(one, 'a', a.start);
    const joined = shared(one, 'a', a.start);
    const keyB = shared(one, 'b', b.start);
    const otherA = shared(other, 'a', elsewhere.start);
    expect([a.started(), b.started(), elsewhere.started()]).toEqual([1, 1, 1]);
    a.fail(new Error('gone'));
    await expect(failing).rejects.toThrow('gone');
    await expect(joined).rejects.toThrow('gone');
    const retried = shared(one, 'a', again.start);
    expect(again.started()).toBe(1);
    again.finish(3);
    b.finish(2);
    elsewhere.finish(1);
    expect(await Promise.all([retried, keyB, otherA])).toEqual([3, 2, 1]);
  });
});
