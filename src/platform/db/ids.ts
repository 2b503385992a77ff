import crypto from 'node:crypto';

/** Opaque, unguessable ids with a short prefix naming the kind. */
export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString('base64url')}`;
}

let sequence = 0;

/** A time-ordered part first, so a batch lands at the end of the id index instead of on a random page each. */
export function newOrderedIds(prefix: string, count: number): string[] {
  const random = crypto.randomBytes(12 * count).toString('base64url');
  const stamp = Date.now().toString(36).padStart(9, '0');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const order = (sequence++ % 36 ** 5).toString(36).padStart(5, '0');
    ids.push(`${prefix}_${stamp}${order}${random.slice(i * 16, i * 16 + 16)}`);
  }
  return ids;
}
