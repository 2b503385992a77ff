import crypto from 'node:crypto';

/** Opaque, unguessable ids with a short prefix naming the kind (`lg_`, `tm_`, `ct_`...). */
export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString('base64url')}`;
}
