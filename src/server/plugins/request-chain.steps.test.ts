import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ChainStep } from './chain-step';
import { runSteps } from './request-chain';

const request = {} as FastifyRequest;
const reply = {} as FastifyReply;

/** Runs the steps as the chain's hook does; what ran, and what `done` was called with. */
async function run(steps: ChainStep[]) {
  const ran: number[] = [];
  const logged = steps.map((step, index): ChainStep => (...args) => {
    ran.push(index);
    return step(...args);
  });
  const calls: unknown[] = [];
  runSteps(logged, 0, request, reply, {}, (error?: unknown) => void calls.push(error ?? 'done'));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { ran, calls };
}

const goOn: ChainStep = () => true;
const answered: ChainStep = () => false;
const later =
  (verdict: boolean): ChainStep =>
  () =>
    new Promise((resolve) => setTimeout(() => resolve(verdict), 1));
const refusal = new Error('refused');
const throws: ChainStep = () => {
  throw refusal;
};

describe('the request chain’s steps', () => {
  it('go on in order, at once or after a wait, and end the hook once', async () => {
    expect(await run([goOn, later(true), goOn])).toEqual({ ran: [0, 1, 2], calls: ['done'] });
  });

  it('stop at a step that answered the request, before or after a wait', async () => {
    expect(await run([goOn, answered, goOn])).toEqual({ ran: [0, 1], calls: [] });
    expect(await run([later(false), goOn])).toEqual({ ran: [0], calls: [] });
  });

  it('hand a step’s error to the error handler, also after a wait and from a failed wait', async () => {
    expect(await run([throws, goOn])).toEqual({ ran: [0], calls: [refusal] });
    expect(await run([later(true), throws, goOn])).toEqual({ ran: [0, 1], calls: [refusal] });
    const failed: ChainStep = () => Promise.reject(refusal);
    expect(await run([failed, goOn])).toEqual({ ran: [0], calls: [refusal] });
  });
});
