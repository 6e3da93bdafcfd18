import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckRequest, CheckResult } from './answer-check';

/**
 * The answer checker's page side (the worker itself runs in Chromium: test/e2e/answer-check.test.ts): what it does
 * with the worker's verdicts, and that a worker that cannot start leaves the check to the page's thread.
 */
const MALFORMED = { name: 'Ann' };

/** A stand-in Worker: answers each request with `answer(request)`, or fails to start. */
function fakeWorker(behaviour: { fail?: boolean; answer?: (r: CheckRequest) => Omit<CheckResult, 'n'> }) {
  const asked: CheckRequest[] = [];
  class FakeWorker extends EventTarget {
    constructor() {
      super();
      if (behaviour.fail) setTimeout(() => this.dispatchEvent(new Event('error')), 0);
    }
    postMessage(request: CheckRequest) {
      asked.push(request);
      if (behaviour.fail) return;
      const data = { n: request.n, ...behaviour.answer?.(request) };
      setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data })), 0);
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return asked;
}

async function freshChecker() {
  vi.resetModules();
  return import('./answer-check');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the answer checker, page side', () => {
  it('hands the answer to the worker and returns its issues', async () => {
    const asked = fakeWorker({ answer: () => ({ issues: [{ path: ['plan'] }] }) });
    const { checkAnswer } = await freshChecker();
    await expect(checkAnswer('consultant', 'consultant.dashboard', MALFORMED)).resolves.toEqual([{ path: ['plan'] }]);
    expect(asked).toEqual([{ n: 1, group: 'consultant', id: 'consultant.dashboard', data: MALFORMED }]);
  });

  it('reports a worker that could not load the schemas', async () => {
    fakeWorker({ answer: () => ({ failed: 'chunk gone' }) });
    const { checkAnswer } = await freshChecker();
    await expect(checkAnswer('consultant', 'consultant.dashboard', MALFORMED)).rejects.toThrow('chunk gone');
  });

  it('checks on the page when the worker does not start, then and after', async () => {
    const asked = fakeWorker({ fail: true });
    const { checkAnswer } = await freshChecker();
    const issues = await checkAnswer('consultant', 'consultant.dashboard', MALFORMED);
    expect(issues?.length).toBeGreaterThan(0);
    await expect(checkAnswer('consultant', 'consultant.dashboard', MALFORMED)).resolves.toEqual(issues);
    expect(asked).toHaveLength(1);
  });
});
