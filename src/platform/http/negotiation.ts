/** Accept and Accept-Encoding share one grammar, so one parser reads both. */
import type { ContentEncoding } from './compression';

/** Keyed in lower case, the highest when repeated. */
export function qualityValues(header: string | null): Map<string, number> {
  const out = new Map<string, number>();
  if (!header) return out;
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const name = token!.trim();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = value !== undefined && value.trim() !== '' && Number.isFinite(Number(value)) ? Math.min(1, Math.max(0, Number(value))) : 0;
    }
    out.set(name, Math.max(out.get(name) ?? 0, q));
  }
  return out;
}

/** `*` stands for any not named, ties go to the earlier in `available`, never one refused with q=0; null for identity. */
export function preferredEncoding(acceptEncoding: string | null, available: readonly ContentEncoding[] = ['br', 'gzip']): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const q = qualityValues(acceptEncoding);
  const star = q.get('*') ?? 0;
  let best: ContentEncoding | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const value = q.get(encoding) ?? star;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}
