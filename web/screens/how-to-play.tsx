/**
 * How to play (issue 24), readable signed out. Every figure in a worked example is computed
 * here by the same domain function the server scores, prices and pairs with, so the page can
 * never teach a rule the game does not play.
 */
import { basePoints } from '../../src/domain/base-points';
import { CHEMISTRY_LINKS, SCHEMAS, type Schema } from '../../src/domain/formations';
import { LEVEL_POINTS, TEAM_SYNERGY_CAP, teamSynergy, type ChemistryLevel } from '../../src/domain/chemistry';
import { earlySellPayout, MAX_ACTIVE_CONTRACTS, renewalQuote, STARTING_CREDITS, TIER_DAYS, tierPrices, type Tier } from '../../src/domain/pricing';
import { teamScore } from '../../src/domain/scoring';
import { headToHeadTable, LEAGUE_AVERAGE_NAME, pairingsFor, ROUND_DAYS, roundMatchups, TABLE_POINTS } from '../../src/domain/head-to-head';
import { PointsCurve } from '../components/charts';
import { count, credits, points, Screen } from '../components/ui';
import { session } from '../state';

const CURVE_MARKS = [2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 150_000, 300_000];
const PRICE_MARKS = [2_000, 3_000, 9_000, 25_000, 130_000, 300_000];
const TIERS: Tier[] = ['SHORT', 'MEDIUM', 'LONG'];
const TIER_NAMES: Record<Tier, string> = { SHORT: 'Short', MEDIUM: 'Medium', LONG: 'Long' };
const LEVEL_WORDS: Record<ChemistryLevel, string> = {
  excellent: 'Excellent: each article links to the other',
  good: 'Good: one links to the other',
  weak: 'Weak: both fielded, no link either way',
  empty: 'No link: a position is empty',
};

/** A day of a small line-up: three forwards of a 4-3-3, two chemistry links between them. */
const DAY_EXAMPLE = {
  articles: [
    { position: 'Left wing', views: 8_000 },
    { position: 'Striker', views: 32_000 },
    { position: 'Right wing', views: 16_000 },
  ],
  links: [
    { between: 'Left wing – Striker', level: 'excellent' as const },
    { between: 'Striker – Right wing', level: 'good' as const },
  ],
};

/** A contract worth 70 cr at today's price, 3-day term, sold with 2 days left. */
const SALE = { currentPrice: 70, termDays: TIER_DAYS.SHORT, remainingDays: 2 };
const RENEWAL_PRICE = 67;

const FOUR = ['Ana', 'Bob', 'Cy', 'Dee'];
const THREE = ['Ana', 'Bob', 'Cy'];
const ROUND_POINTS: Record<string, number> = { Ana: 42.1, Bob: 38, Cy: 30.5 };

function Contents() {
  const parts: [string, string][] = [
    ['idea', 'The idea'],
    ['points', 'Points from views'],
    ['prices', 'Tiers and prices'],
    ['chemistry', 'Chemistry'],
    ['day', 'A day, hour by hour'],
    ['renewal', 'Selling, expiry and renewal'],
    ['formats', 'League formats'],
  ];
  return (
    <nav aria-label="On this page" class="card">
      <ol class="plain">
        {parts.map(([id, label]) => (
          <li key={id}>
            <a href={`#${id}`}>{label}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function PointsSection() {
  return (
    <section aria-labelledby="points">
      <h2 id="points">Points from views</h2>
      <p>
        Each fielded article scores from how many people read it that day. Up to 2,000 views it scores nothing; from there every doubling of its
        views adds one point; past 150,000 views each further 50,000 adds one more.
      </p>
      <PointsCurve curve={basePoints} maxViews={300_000} labels={[0, 100_000, 200_000, 300_000]} marks={CURVE_MARKS} />
      <div class="table-wrap">
        <table class="compact">
          <caption>Views in a day and the points they score</caption>
          <thead>
            <tr>
              <th scope="col">Views</th>
              <th scope="col" class="num">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {CURVE_MARKS.map((views) => (
              <tr key={views}>
                <th scope="row">{count(views)}</th>
                <td class="num">{points(basePoints(views))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Smaller encyclopedia editions are lifted onto the English scale by their edition’s factor, fixed when the league is founded: in an
        edition with a factor of 13.9, 1,000 reads count as {count(13_900)} views and score {points(basePoints(1_000 * 13.9))} points.
      </p>
    </section>
  );
}

function PricesSection() {
  return (
    <section aria-labelledby="prices">
      <h2 id="prices">Tiers and prices</h2>
      <p>
        Every team starts with {credits(STARTING_CREDITS)} and may hold up to {MAX_ACTIVE_CONTRACTS} contracts (11 on the pitch, the rest on the bench).
        A contract gives your team one article for a term: {TIERS.map((t) => `${TIER_NAMES[t].toLowerCase()} ${TIER_DAYS[t]} days`).join(', ')}. Only
        one team in a league can hold an article at a time.
      </p>
      <p>
        The price follows the same curve, from the article’s average daily views over the last 30 days, and grows with the term. An article read
        2,000 times a day or less is free.
      </p>
      <div class="table-wrap">
        <table class="compact">
          <caption>Prices by 30-day average views</caption>
          <thead>
            <tr>
              <th scope="col">Average views a day</th>
              {TIERS.map((t) => (
                <th key={t} scope="col" class="num">
                  {TIER_NAMES[t]} ({TIER_DAYS[t]} days)
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PRICE_MARKS.map((views) => {
              const prices = tierPrices(views, 1);
              return (
                <tr key={views}>
                  <th scope="row">{count(views)}</th>
                  {TIERS.map((t) => (
                    <td key={t} class="num">
                      {credits(prices[t])}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ChemistrySection() {
  const levels = DAY_EXAMPLE.links.map((l) => l.level);
  const viewPoints = DAY_EXAMPLE.articles.map((a) => basePoints(a.views));
  const total = teamScore({ articleViews: DAY_EXAMPLE.articles.map((a) => a.views), chemistryLevels: levels, languageScale: 1 });
  const schemas = Object.keys(SCHEMAS) as Schema[];
  return (
    <section aria-labelledby="chemistry">
      <h2 id="chemistry">Chemistry</h2>
      <p>
        Each formation schema joins neighbouring positions with chemistry links ({schemas.map((s) => `${s}: ${CHEMISTRY_LINKS[s].length}`).join(', ')}).
        When the two articles on a link link to each other in the encyclopedia, your team scores extra points that day:
      </p>
      <ul>
        {(Object.keys(LEVEL_WORDS) as ChemistryLevel[]).map((level) => (
          <li key={level}>
            {LEVEL_WORDS[level]}: +{points(LEVEL_POINTS[level])}
          </li>
        ))}
      </ul>
      <p>Chemistry adds to the day’s points, never multiplies them, and adds at most {TEAM_SYNERGY_CAP} points a day.</p>
      <h3>Worked example: one day</h3>
      <ul class="worked">
        {DAY_EXAMPLE.articles.map((a, i) => (
          <li key={a.position}>
            {a.position}: {count(a.views)} views → {points(viewPoints[i])} points
          </li>
        ))}
        {DAY_EXAMPLE.links.map((l) => (
          <li key={l.between}>
            {l.between}: {l.level} → +{points(LEVEL_POINTS[l.level])}
          </li>
        ))}
        <li>
          <strong>Day total: {points(total)} points</strong> ({points(viewPoints.reduce((a, b) => a + b, 0))} from views, {points(teamSynergy(levels))} from
          chemistry)
        </li>
      </ul>
      <p>Articles on the bench score nothing, and neither does an empty position.</p>
    </section>
  );
}

function DaySection() {
  return (
    <section aria-labelledby="day">
      <h2 id="day">A day, hour by hour (UTC)</h2>
      <ol class="timeline">
        <li>
          <strong>All day:</strong> buy, sell and change your line-up as often as you like. A contract bought today scores from today.
        </li>
        <li>
          <strong>00:00:</strong> the day ends. The line-up as it stands at midnight is the one that scores the day just ended.
        </li>
        <li>
          <strong>05:00:</strong> yesterday is scored, once the encyclopedia has published its views. Your league shows the day’s result and your rank.
        </li>
        <li>
          <strong>06:00:</strong> contracts whose term has run out are settled, or renewed where you chose to renew.
        </li>
      </ol>
      <p>A contract of {TIER_DAYS.SHORT} days bought on Monday scores Monday, Tuesday and Wednesday; it expires on Thursday, which it does not score.</p>
    </section>
  );
}

function RenewalSection() {
  const payout = earlySellPayout(SALE.currentPrice, SALE.remainingDays, SALE.termDays);
  const first = renewalQuote(RENEWAL_PRICE, 0);
  const second = renewalQuote(RENEWAL_PRICE, 1);
  return (
    <section aria-labelledby="renewal">
      <h2 id="renewal">Selling, expiry and renewal</h2>
      <p>
        <strong>Selling early</strong> pays today’s price for the days left of the term. Example: a {SALE.termDays}-day contract worth{' '}
        {credits(SALE.currentPrice)} today, sold with {SALE.remainingDays} days left, pays {credits(payout)}. There is no fee.
      </p>
      <p>
        <strong>At expiry</strong> the contract is sold back at today’s full price: if the article’s views rose since you bought it, you made a profit.
      </p>
      <p>
        <strong>Renewal</strong> can be chosen on the day before expiry or on the expiry day. The contract then runs another term at today’s price plus
        a premium that grows with each renewal in a row. Example, with today’s price at {credits(RENEWAL_PRICE)}: the first renewal costs{' '}
        {credits(first.newPurchasePrice)} ({credits(RENEWAL_PRICE)} plus a {credits(first.premium)} premium), a second one{' '}
        {credits(second.newPurchasePrice)} ({credits(second.premium)} premium). Letting it lapse and buying it back soon after keeps the streak.
      </p>
    </section>
  );
}

function FormatsSection() {
  const cycle = [1, 2, 3].map((round) => ({ round, pairs: pairingsFor(FOUR, round) }));
  const kept = pairingsFor(THREE, 1).map((p) => ({ ...p, forfeitedBy: null }));
  const matchups = roundMatchups(kept, (team) => ROUND_POINTS[team] ?? 0);
  const table = headToHeadTable(
    THREE.map((teamId, i) => ({ teamId, joinedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })),
    [matchups],
  );
  const name = (team: string | null) => team ?? LEAGUE_AVERAGE_NAME;
  const outcome = (m: (typeof matchups)[number]) => (m.result === 'draw' ? 'draw' : `${name(m.result === 'home' ? m.home : m.away)} wins`);
  return (
    <section aria-labelledby="formats">
      <h2 id="formats">League formats</h2>
      <h3>Points</h3>
      <p>The team with the most points over the whole season wins. The standings rank every team by its total, and show each day’s climb or fall.</p>
      <h3>Head-to-head</h3>
      <p>
        The season is cut into rounds of {ROUND_DAYS.slice(0, -1).join(', ')} or {ROUND_DAYS[ROUND_DAYS.length - 1]} days, chosen when the league is
        founded. Each round you play one rival: the team with more points over the round’s days wins. A win is worth {TABLE_POINTS.win} table points,
        a draw {TABLE_POINTS.draw}, a loss {TABLE_POINTS.loss}. The table ranks by table points, then by points scored.
      </p>
      <p>
        Pairings are fixed at the end of each round’s first day, from the teams in the league then, so over a cycle every team meets every other once.
        With four teams:
      </p>
      <ul class="worked">
        {cycle.map(({ round, pairs }) => (
          <li key={round}>
            Round {round}: {pairs.map((p) => `${p.home} v ${name(p.away)}`).join(', ')}
          </li>
        ))}
      </ul>
      <p>
        With an odd number of teams, the team left over plays the <strong>league average</strong>: the mean round points of all the other teams. With
        three teams scoring {THREE.map((t) => `${t} ${points(ROUND_POINTS[t])}`).join(', ')} in round 1:
      </p>
      <ul class="worked">
        {matchups.map((m) => (
          <li key={m.home}>
            {m.home} {points(m.homePoints)} – {points(m.awayPoints)} {name(m.away)}: {outcome(m)}
          </li>
        ))}
      </ul>
      <p>and the table after it:</p>
      <div class="table-wrap">
        <table class="compact">
          <caption>Head-to-head table after round 1 of the example</caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Team</th>
              <th scope="col" class="num">
                Won
              </th>
              <th scope="col" class="num">
                Lost
              </th>
              <th scope="col" class="num">
                Table points
              </th>
            </tr>
          </thead>
          <tbody>
            {table.map((row) => (
              <tr key={row.teamId}>
                <td>{row.rank}</td>
                <th scope="row">{row.teamId}</th>
                <td class="num">{row.won}</td>
                <td class="num">{row.lost}</td>
                <td class="num">{row.tablePoints}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>A team that joins after a round’s first day plays from the next round; a team that leaves during a round loses that matchup.</p>
    </section>
  );
}

export function HowToPlay() {
  const signedIn = session.value !== null;
  return (
    <Screen title="How to play">
      <Contents />
      <section aria-labelledby="idea">
        <h2 id="idea">The idea</h2>
        <p>
          You run a team in a league of friends. Your players are encyclopedia articles: buy contracts on articles you think people will read, field them
          in a line-up, and every day your team scores from how often they were read.
        </p>
      </section>
      <PointsSection />
      <PricesSection />
      <ChemistrySection />
      <DaySection />
      <RenewalSection />
      <FormatsSection />
      <p class="actions">
        {signedIn ? (
          <a class="button primary" href="/home">
            Go to your leagues
          </a>
        ) : (
          <a class="button primary" href="/signin">
            Sign in or create an account
          </a>
        )}
      </p>
    </Screen>
  );
}
