/**
 * Fakes shared by the rows of one scenario table (test/support/prepared-world.ts): each row
 * must meet a fake as the table's setup left it, whatever the row before it scripted,
 * recorded or broke. Every fake registers how to note its state (`checkpoint`) and put it
 * back (`rewind`) while it runs; the prepared world notes every live fake after its setup and
 * puts every one back before each row, so a fake a row reaches by any path is covered.
 */
export interface Rewindable {
  checkpoint(): void;
  rewind(): void;
}

const live = new Set<Rewindable>();

/** Registers `fake` until its `close()` resolves, and answers it. */
export function rewindable<T extends { close(): Promise<void> }>(fake: T, how: Rewindable): T {
  live.add(how);
  const close = fake.close.bind(fake);
  fake.close = async () => {
    live.delete(how);
    await close();
  };
  return fake;
}

export function checkpointFakes(): void {
  for (const fake of live) fake.checkpoint();
}

export function rewindFakes(): void {
  for (const fake of live) fake.rewind();
}

/** Puts `array`'s contents back to `saved` (copies of them) in place: closures hold the array itself. */
export function refill<T>(array: T[], saved: readonly T[]): void {
  array.length = 0;
  array.push(...structuredClone(saved));
}

/** Notes and restores plain data properties of `target` (copied both ways, so later changes to either do not leak). */
export function fieldsOf<T extends object, K extends keyof T>(target: T, keys: readonly K[]): Rewindable {
  let saved: Pick<T, K> | undefined;
  return {
    checkpoint() {
      const picked = {} as Pick<T, K>;
      for (const key of keys) picked[key] = target[key];
      saved = structuredClone(picked);
    },
    rewind() {
      if (!saved) return;
      const copy = structuredClone(saved);
      for (const key of keys) {
        const current = target[key];
        // arrays are refilled in place: a server's closure may hold the array, not the object
        if (Array.isArray(current) && Array.isArray(copy[key])) refill(current, copy[key] as unknown[]);
        else target[key] = copy[key];
      }
    },
  };
}

/** Several rewinds as one. */
export function together(...parts: Rewindable[]): Rewindable {
  return {
    checkpoint: () => parts.forEach((part) => part.checkpoint()),
    rewind: () => parts.forEach((part) => part.rewind()),
  };
}
