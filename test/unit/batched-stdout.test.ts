import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedStdout } from '../../src/platform/log';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('batchedStdout', () => {
  it('writes the lines of one turn of the event loop in one write, in order', async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const sink = batchedStdout();
    sink('{"n":1}');
    sink('{"n":2}');
    sink('{"n":3}');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n']);
  });

  it('writes at once when the pending lines pass their bound', () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const sink = batchedStdout(10);
    sink('{"n":"first"}');
    expect(writes).toEqual(['{"n":"first"}\n']);
  });
});
