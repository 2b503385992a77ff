import { describe, expect, it } from 'vitest';
import { linksToQuery, rankCandidates, type CandidateHit } from '../../src/domain/genie-candidates';

const hit = (id: string, description: string | null = `about ${id}`): CandidateHit => ({ id, title: id.replaceAll('_', ' '), description });
const everything = () => true;

describe('linksToQuery (W9)', () => {
  it('underscores multi-word anchors so they stay one keyword', () => {
    expect(linksToQuery(['Formula One', 'Lewis  Hamilton'])).toBe('linksto:Formula_One linksto:Lewis_Hamilton');
  });
});

describe('rankCandidates (§10.2)', () => {
  it('merges the three searches, drops duplicates and the anchors, and ranks mutual links first', () => {
    const ranked = rankCandidates({
      anchors: ['Lionel Messi', 'FC_Barcelona'],
      linkingToAnchors: [hit('Camp_Nou'), hit('Johan_Cruyff'), hit('Lionel_Messi')],
      keywordHits: [hit('Tiki-taka'), hit('Camp Nou', 'stadium')],
      anchorLinks: [
        ['Johan_Cruyff', 'Argentina', 'Spain'],
        ['Johan_Cruyff', 'Camp_Nou', 'Spain'],
      ],
      isContent: everything,
    });
    expect(ranked.map((c) => [c.id, c.mutualLinks])).toEqual([
      ['Johan_Cruyff', 2],
      ['Camp_Nou', 1],
      ['Tiki-taka', 0],
      ['Spain', 0],
    ]);
  });

  it('keeps a description from another search when the first had none', () => {
    const [only] = rankCandidates({ anchors: [], linkingToAnchors: [], keywordHits: [hit('Spain', null), hit('Spain', 'a country')], anchorLinks: [], isContent: everything });
    expect(only.description).toBe('a country');
  });

  it('leaves out what is not a content article and caps the set at 40', () => {
    const hits = Array.from({ length: 60 }, (_, i) => hit(`Article_${i}`));
    const ranked = rankCandidates({
      anchors: [],
      linkingToAnchors: [],
      keywordHits: [hit('Help:Contents'), ...hits],
      anchorLinks: [],
      isContent: (id) => !id.includes(':'),
    });
    expect(ranked).toHaveLength(40);
    expect(ranked[0].id).toBe('Article_0');
  });
});
