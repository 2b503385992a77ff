/** The Genie's candidates from three searches (S1 pages linking to every anchor, S2 keywords, S3 what every anchor links to), ranked by mutual links. */
import { GENIE_LIMITS } from './genie-limits';
import { comparisonKey } from './titles';

/** Cap, and the genie-turns limit of the interface ("at most about 40"). */
export const MAX_GENIE_CANDIDATES = GENIE_LIMITS.candidatesMax;
export const MAX_GENIE_ANCHORS = GENIE_LIMITS.anchorsMax;

export interface CandidateHit {
  id: string;
  title: string;
  description: string | null;
}

export interface GenieCandidate extends CandidateHit {
  /** anchors this article links to and that link back to it */
  mutualLinks: number;
}

export interface CandidateSources {
  anchors: readonly string[];
  /** S1: every hit links to all anchors */
  linkingToAnchors: readonly CandidateHit[];
  keywordHits: readonly CandidateHit[];
  /** each anchor's outbound article links (article ids), in `anchors` order */
  anchorLinks: readonly (readonly string[])[];
  isContent: (articleId: string) => boolean;
}

/** Multi-word anchors must be underscored, or they parse as separate words. */
export function linksToQuery(anchors: readonly string[]): string {
  return anchors.map((anchor) => `linksto:${anchor.trim().replace(/\s+/g, '_')}`).join(' ');
}

export function rankCandidates(sources: CandidateSources): GenieCandidate[] {
  const anchorKeys = sources.anchors.map(comparisonKey);
  const outbound = sources.anchorLinks.map((links) => new Set(links.map(comparisonKey)));
  const linksToAll = new Set(sources.linkingToAnchors.map((hit) => comparisonKey(hit.id)));
  const common = outbound.length === 0 ? [] : [...outbound[0]].filter((key) => outbound.every((set) => set.has(key)));

  const merged = new Map<string, CandidateHit>();
  const add = (hit: CandidateHit) => {
    const key = comparisonKey(hit.id);
    if (key === '' || anchorKeys.includes(key) || !sources.isContent(hit.id)) return;
    const known = merged.get(key);
    if (!known) merged.set(key, { ...hit });
    else if (known.description === null && hit.description !== null) known.description = hit.description;
  };
  for (const hit of sources.linkingToAnchors) add(hit);
  for (const hit of sources.keywordHits) add(hit);
  for (const key of common) add({ id: key.replaceAll(' ', '_'), title: key, description: null });

  // A hit of S1 links to every anchor; the anchor's own links say whether it links back.
  const mutual = (key: string) => (linksToAll.has(key) ? outbound.filter((set) => set.has(key)).length : 0);
  return [...merged.entries()]
    .map(([key, hit], order) => ({ ...hit, mutualLinks: mutual(key), order }))
    .sort((a, b) => b.mutualLinks - a.mutualLinks || a.order - b.order)
    .slice(0, MAX_GENIE_CANDIDATES)
    .map(({ order: _order, ...candidate }) => candidate);
}
