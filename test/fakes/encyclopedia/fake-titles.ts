/** MediaWiki's title normalization, as far as the fake needs it: underscores, case, namespace names. */
import type { FakeSiteInfo } from './site-namespaces';

const ILLEGAL = /[#<>[\]|{}]/;

export type NormalizedTitle = { title: string; ns: number } | { invalid: string };

function upperFirst(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  return head.toUpperCase() + text.slice(head.length);
}

export function normalizeTitle(site: FakeSiteInfo, input: string): NormalizedTitle {
  const text = input.replaceAll('_', ' ').replace(/\s+/g, ' ').trim();
  const illegal = ILLEGAL.exec(text);
  if (illegal) return { invalid: `The requested page title contains invalid characters: "${illegal[0]}".` };
  const colon = text.indexOf(':');
  if (colon > 0) {
    const prefix = text.slice(0, colon).trim().toLowerCase();
    const id = namespaceId(site, prefix);
    if (id !== null && id !== 0) {
      const rest = text.slice(colon + 1).trim();
      if (rest === '') return { invalid: 'The requested page title is empty or contains only the name of a namespace.' };
      const local = site.namespaces.find((n) => n.id === id)!.name;
      return { title: `${local}:${upperFirst(rest)}`, ns: id };
    }
  }
  if (text === '') return { invalid: 'The requested page title is empty or contains only the name of a namespace.' };
  return { title: upperFirst(text), ns: 0 };
}

function namespaceId(site: FakeSiteInfo, lowerPrefix: string): number | null {
  for (const n of site.namespaces) {
    if (n.name.toLowerCase() === lowerPrefix || n.canonical?.toLowerCase() === lowerPrefix) return n.id;
  }
  return site.aliases.find((a) => a.alias.toLowerCase() === lowerPrefix)?.id ?? null;
}
