/**
 * Screen 5: the market shelf (prices per tier, owner, sort, filter) and a search over the
 * whole edition, so an article can be bought before it trends. Buying leads to fielding.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, type ArticleOffer, type Contract, type MarketArticle, type TierPrices } from '../api';
import { BuyPanel } from '../components/buy';
import { Genie } from '../components/genie';
import { LeagueNav, leagueIsOver } from '../components/league-nav';
import { session } from '../state';
import { Loaded, Refusal, Screen, count, credits, day, useAction, useLoad, leagueIsGone } from '../components/ui';

/** A phone screen's worth at first; the rest one tap away. */
const SHELF_FIRST = 12;

type Sort = 'rank' | 'price-asc' | 'price-desc' | 'views';

interface Offer {
  id: string;
  title: string;
  detail: string | null;
  prices: TierPrices | null;
  pending: boolean;
  owner: { name: string; teamName: string } | null;
  availability: MarketArticle['availability'];
  /** the 30-day average of daily views the price is computed from */
  average: number | null;
  rank?: number;
  views?: number | null;
}

function fromShelf(row: MarketArticle): Offer {
  return {
    id: row.id,
    title: row.title,
    detail: `#${row.rank} · ${count(row.yesterdayViews)} read yesterday`,
    prices: row.prices,
    pending: row.pending,
    owner: row.owner,
    availability: row.availability,
    average: row.averageViews30d,
    rank: row.rank,
    views: row.yesterdayViews,
  };
}

export function fromSearch(row: ArticleOffer): Offer {
  return {
    id: row.id,
    title: row.title,
    detail: row.description ?? null,
    prices: row.prices,
    pending: row.pending,
    owner: row.owner,
    availability: row.availability,
    average: row.averageViews30d,
  };
}

function Availability(props: { offer: Offer }) {
  const { offer } = props;
  if (offer.availability === 'owned-by-viewer') return <span class="tag mine">✓ Yours</span>;
  if (offer.availability === 'owned-by-other')
    return <span class="tag taken">Held by {offer.owner ? `${offer.owner.teamName} (${offer.owner.name})` : 'another team'}</span>;
  return <span class="tag free">Free agent</span>;
}

/**
 * Compact cards, a phone screen holding several: the title and the buy on one line, then
 * who holds it, the 30-day average the price comes from, and the prices per term.
 */
export function OfferList(props: {
  leagueId: string;
  offers: Offer[];
  creditsLeft: number;
  onBought: (c: Contract) => void;
  /** the article was taken by another team since the list was read */
  onTaken?: () => void;
  label: string;
}) {
  const [buying, setBuying] = useState<string | null>(null);
  return (
    <ul class="offers" aria-label={props.label}>
      {props.offers.map((offer) => {
        const buyable = offer.availability === 'free-agent' && offer.prices && !offer.pending;
        // the cheapest term out of reach: no buy is offered, and the card says why
        const shortOf = buyable && offer.prices ? Math.min(offer.prices.SHORT, offer.prices.MEDIUM, offer.prices.LONG) - props.creditsLeft : 0;
        return (
          <li key={offer.id} class="card offer">
            <div class="offer-head">
              <a href={`/leagues/${encodeURIComponent(props.leagueId)}/articles/${encodeURIComponent(offer.id)}`} class="offer-title">
                {offer.title}
              </a>
              {buyable && buying !== offer.id && shortOf <= 0 && (
                <button type="button" class="compact" onClick={() => setBuying(offer.id)}>
                  Buy<span class="visually-hidden"> {offer.title}…</span>
                </button>
              )}
              {buyable && shortOf > 0 && <span class="tag">{credits(shortOf)} short</span>}
            </div>
            <p class="offer-facts">
              <Availability offer={offer} />
              {offer.detail && <span> · {offer.detail}</span>}
            </p>
            {offer.pending || !offer.prices ? (
              <p class="prices">Price pending: the encyclopedia's views are not in yet.</p>
            ) : (
              <p class="prices">
                {offer.average !== null && <span class="why">{count(Math.round(offer.average))} a day over 30 days → </span>}
                Medium <strong>{credits(offer.prices.MEDIUM)}</strong>
                <span class="why">
                  {' '}
                  · short {credits(offer.prices.SHORT)} · long {credits(offer.prices.LONG)}
                </span>
              </p>
            )}
            {/* kept open when a refusal turns it taken: the refusal names who holds it now */}
            {buying === offer.id && offer.prices && (
              <BuyPanel
                leagueId={props.leagueId}
                article={offer}
                prices={offer.prices}
                creditsLeft={props.creditsLeft}
                onCancel={() => setBuying(null)}
                onTaken={props.onTaken}
                onBought={(contract) => {
                  setBuying(null);
                  props.onBought(contract);
                }}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function priceOf(offer: Offer): number {
  return offer.prices?.MEDIUM ?? Number.POSITIVE_INFINITY;
}

export function Market(props: { id: string }) {
  const [load, reload] = useLoad(async () => {
    const [shelf, team, league] = await Promise.all([api.market(props.id), api.myTeam(props.id), api.league(props.id)]);
    return { shelf, team, archived: leagueIsOver(league) };
  }, props.id);
  const [sort, setSort] = useState<Sort>('rank');
  const [onlyFree, setOnlyFree] = useState(false);
  const [filter, setFilter] = useState('');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ArticleOffer[] | null>(null);
  const [bought, setBought] = useState<Contract | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [tool, setTool] = useState<'search' | 'genie' | null>(null);
  const search = useAction();

  // Another team may buy while this page sits in a background tab: who holds what is read
  // again whenever the page comes back into view.
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') reload();
    };
    addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [reload]);

  const onBought = (contract: Contract) => {
    setBought(contract);
    setResults(null);
    reload();
  };
  const runSearch = () => search.run(async () => setResults(await api.searchArticles(props.id, query.trim())));
  const onTaken = () => {
    reload();
    if (results) void runSearch();
  };

  const shelf = useMemo(() => {
    if (load.status !== 'ready') return [];
    const needle = filter.trim().toLowerCase();
    const offers = load.data.shelf
      .map(fromShelf)
      .filter((o) => (!onlyFree || o.availability === 'free-agent') && (!needle || o.title.toLowerCase().includes(needle)));
    const by: Record<Sort, (a: Offer, b: Offer) => number> = {
      rank: (a, b) => (a.rank ?? 0) - (b.rank ?? 0),
      'price-asc': (a, b) => priceOf(a) - priceOf(b),
      'price-desc': (a, b) => priceOf(b) - priceOf(a),
      views: (a, b) => (b.views ?? 0) - (a.views ?? 0),
    };
    return offers.sort(by[sort]);
  }, [load, sort, onlyFree, filter]);

  const genieAwake = !!session.value?.features?.articleGenie;
  const toggle = (which: 'search' | 'genie') => {
    const next = tool === which ? null : which;
    setTool(next);
    if (next === 'search') requestAnimationFrame(() => document.getElementById('article-search')?.focus());
    if (next === 'genie') requestAnimationFrame(() => document.getElementById('genie-heading')?.scrollIntoView({ block: 'nearest' }));
  };

  return (
    <Screen title="Market">
      {!leagueIsGone(load) && <LeagueNav id={props.id} archived={load.status === 'ready' && load.data.archived} />}
      {bought && (
        <div class="done card" role="status">
          <p>
            <span aria-hidden="true">✓ </span>Bought <strong>{bought.article.title}</strong> for {credits(bought.purchasePrice)} ({bought.tier.toLowerCase()},
            until {day(bought.expireDate)}).
          </p>
          <p>
            <a class="button primary" href={`/leagues/${encodeURIComponent(props.id)}/lineup`}>
              Field it in your line-up
            </a>
          </p>
        </div>
      )}
      <Loaded load={load} what="the market" retry={reload} leagueId={props.id}>
        {({ team, archived }) => archived ? (
          <p class="card archive-note">
            <span aria-hidden="true">🗄 </span>This league is over: its market is shut, and nothing can be bought.{' '}
            <a href={`/leagues/${encodeURIComponent(props.id)}`}>Final standings</a>
          </p>
        ) : (
          <>
            <div class="market-bar">
              <p class="credits-line">
                Your credits: <strong>{credits(team.credits)}</strong>
              </p>
              <p class="row tools">
                <button type="button" class="compact" aria-expanded={tool === 'search'} aria-controls="market-search" onClick={() => toggle('search')}>
                  <span aria-hidden="true">🔍 </span>Search all articles
                </button>
                {genieAwake && (
                  <button type="button" class="compact" aria-expanded={tool === 'genie'} aria-controls="market-genie" onClick={() => toggle('genie')}>
                    <span aria-hidden="true">🧞 </span>Ask the Genie
                  </button>
                )}
              </p>
            </div>
            <div id="market-search" hidden={tool !== 'search'}>
              <form
                class="card search"
                role="search"
                onSubmit={(event) => {
                  event.preventDefault();
                  void runSearch();
                }}
              >
                <label for="article-search">Find any article of the edition</label>
                <div class="row">
                  <input id="article-search" type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
                  <button type="submit" disabled={search.busy}>
                    Search
                  </button>
                </div>
                <Refusal code={search.refusal} />
              </form>
              {results && (
                <section aria-labelledby="results-heading">
                  <h2 id="results-heading">Search results</h2>
                  {results.length === 0 ? (
                    <p class="card empty">No article matches “{query}”. Try another spelling or fewer words.</p>
                  ) : (
                    <OfferList
                      leagueId={props.id}
                      offers={results.map(fromSearch)}
                      creditsLeft={team.credits}
                      onBought={onBought}
                      onTaken={onTaken}
                      label="Search results"
                    />
                  )}
                </section>
              )}
            </div>
            {genieAwake && (
              <div id="market-genie" hidden={tool !== 'genie'}>
                <Genie
                  leagueId={props.id}
                  renderOffers={(found) => (
                    <OfferList
                      leagueId={props.id}
                      offers={found.map(({ page, mutualLinks }) => {
                        const offer = fromSearch(page);
                        // Why it is first: it and the articles the player named link to each other.
                        if (mutualLinks === 0) return offer;
                        const linked = `Linked both ways with ${mutualLinks === 1 ? '1 article' : `${mutualLinks} articles`} you named`;
                        return { ...offer, detail: offer.detail ? `${linked} · ${offer.detail}` : linked };
                      })}
                      creditsLeft={team.credits}
                      onBought={onBought}
                      onTaken={onTaken}
                      label="The Genie found"
                    />
                  )}
                />
              </div>
            )}
            <section aria-labelledby="shelf-heading">
              <h2 id="shelf-heading">Today's shelf</h2>
              <details class="filters-box">
                <summary>Sort and filter</summary>
                <div class="filters">
                  <label>
                    Sort by
                    <select value={sort} onChange={(e) => setSort(e.currentTarget.value as Sort)}>
                      <option value="rank">Rank today</option>
                      <option value="price-asc">Price, lowest first</option>
                      <option value="price-desc">Price, highest first</option>
                      <option value="views">Views yesterday</option>
                    </select>
                  </label>
                  <label>
                    Filter titles
                    <input type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
                  </label>
                  <label class="choice">
                    <input type="checkbox" checked={onlyFree} onChange={(e) => setOnlyFree(e.currentTarget.checked)} />
                    Only free agents
                  </label>
                </div>
              </details>
              {shelf.length === 0 ? (
                <p class="card empty">No article on the shelf matches. Clear the filter to see all of them.</p>
              ) : (
                <>
                  <OfferList
                    leagueId={props.id}
                    offers={showAll ? shelf : shelf.slice(0, SHELF_FIRST)}
                    creditsLeft={team.credits}
                    onBought={onBought}
                    onTaken={onTaken}
                    label="Today's shelf"
                  />
                  <p class="hint">
                    A price comes from the article's average daily views over the last 30 days, not yesterday's rank: a steadily read article
                    can cost more than today's number one.
                  </p>
                  {!showAll && shelf.length > SHELF_FIRST && (
                    <button type="button" onClick={() => setShowAll(true)}>
                      Show all {shelf.length} articles
                    </button>
                  )}
                </>
              )}
            </section>
          </>
        )}
      </Loaded>
    </Screen>
  );
}
