import crypto from 'node:crypto';

/** Opaque, unguessable ids with a short prefix naming the kind (`lg_`, `tm_`, `ct_`...). */
export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString('base64url')}`;
}

let sequence = 0;

/**
 * `count` ids for rows written many at a time (a sweep set's notifications): the same 12
 * unguessable random bytes as newId, after a part that grows with the time and the process's
 * sequence (base 36, fixed width, so later ids sort after earlier ones). A set's rows then
 * land at the end of the table's id index instead of on a random page of it each, which in a
 * table that gains a row per contract every day is a page read and write per row. The random
 * bytes of the whole batch come from one call.
 */
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
