/** Brotli at quality 4 compresses about as well as gzip for a fraction of brotli 11's time, which matters on a small machine. */
import zlib from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** Smaller bodies gain less than the header and the CPU cost. */
export const MIN_COMPRESSED_BYTES = 1024;

export function compress(body: Uint8Array, encoding: ContentEncoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 6 });
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

export function isJson(contentType: string | null): boolean {
  return contentType !== null && /[/+]json\b/i.test(contentType);
}
