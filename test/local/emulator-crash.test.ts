import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDynamoDb } from '../../infra/local/emulators.js';
import { freePort } from '../../infra/local/ports.js';
import { until } from '../support/until.js';

/**
 * An emulator's process that dies under `npm start` (DynamoDB Local's java killed, out of memory) left every call
 * answering 500 with nothing on the terminal. It is told in one plain line naming it and what to do; a stop on
 * purpose says nothing.
 */
describe('an emulator that stops on its own', () => {
  afterEach(() => vi.restoreAllMocks());

  it('DynamoDB Local killed: one line names it and says to run npm start again', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dynamo = await startDynamoDb({ port: await freePort() });
    process.kill(dynamo.pid!, 'SIGKILL');
    await until('the crash to be told', () => (printed.mock.calls.length > 0 ? true : undefined), { timeoutMs: 10_000, intervalMs: 50 });
    expect(printed.mock.calls).toEqual([
      ['DynamoDB Local stopped (SIGKILL); the local cloud cannot work without it: stop it (Ctrl-C) and run `npm start` again.'],
    ]);
    await dynamo.stop();
  });

  it('stopped on purpose: nothing is printed', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dynamo = await startDynamoDb({ port: await freePort() });
    await dynamo.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(printed).not.toHaveBeenCalled();
  });
});
