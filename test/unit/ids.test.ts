import { describe, expect, it } from 'vitest';
import { newId, newOrderedIds } from '../../src/platform/db/ids';

describe('ids written many at a time', () => {
  it('sort in the order they were made, within a batch and across batches, each with its own random part', () => {
    const first = newOrderedIds('nt', 500);
    const second = newOrderedIds('nt', 500);
    const all = [...first, ...second];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(all);
    for (const id of all) expect(id).toMatch(/^nt_[0-9a-z]{14}[A-Za-z0-9_-]{16}$/);
    // the unguessable part is as long as a single id's
    expect(newId('nt')).toMatch(/^nt_[A-Za-z0-9_-]{16}$/);
    expect(new Set(all.map((id) => id.slice(-16))).size).toBe(all.length);
  });
});
