/**
 * The returning player's first sight in a league: the latest scored day (points, what scored
 * them, rank and its change) and whatever needs them now. Built from my-performances and the
 * contract list; the playtest's players left because no day ended in a visible result.
 */
import type { Contract, Fixtures, Performance } from '../api';
import { myMatchup } from './head-to-head';
import { displayTitle } from '../../src/domain/titles';
import type { Position } from '../../src/domain/formations';
import { POSITION_NAMES } from './pitch';
import { count, credits, day, points, rankChange, tenthsAddingUp } from './ui';

import { DAY_MS } from '../../src/domain/dates';

const LEVEL_WORDS: Record<string, string> = { excellent: 'excellent', good: 'good', weak: 'weak', empty: 'no link' };

function positionName(position: string | null): string {
  return position ? (POSITION_NAMES[position as Position] ?? position) : 'a position';
}

export function daysLeft(expireDate: string, now = new Date()): number {
  const today = now.toISOString().slice(0, 10);
  return Math.round((Date.parse(`${expireDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The settlement sweep's hour (UTC): an expired contract waits for it (README, "What runs"). */
const SWEEP_HOUR_UTC = 6;

/** When an expired contract will be settled, in words a player can plan by. */
export function settlesWhen(now = new Date()): string {
  return now.getUTCHours() < SWEEP_HOUR_UTC
    ? `at ${String(SWEEP_HOUR_UTC).padStart(2, '0')}:00 UTC today`
    : `when the settlement sweep next runs (due at ${String(SWEEP_HOUR_UTC).padStart(2, '0')}:00 UTC)`;
}

/**
 * A renewal's choice, both sides at today's price: what renewing costs (the price plus the
 * premium) and what letting the contract expire would pay back (its value, if today's price
 * held at the sweep).
 */
export function renewalChoice(c: Contract): { renew: string; expire: string } {
  if (c.renewalPrice === null || c.currentPrice === null) {
    return { renew: "today's price plus the renewal premium (10 % for a first renewal)", expire: 'its value on the day it settles' };
  }
  return { renew: `${credits(c.renewalPrice)} (${credits(c.currentPrice)} + ${credits(c.renewalPremium)} premium)`, expire: `${credits(c.currentPrice)} paid back` };
}

/** "74 cr (67 + 7 premium at today's price)", or the rule when today's price is not known yet. */
export function renewalCost(c: Contract): string {
  if (c.renewalPrice === null || c.currentPrice === null) return "today's price plus the renewal premium (10 % for a first renewal)";
  return `${credits(c.renewalPrice)} (${credits(c.currentPrice)} plus a ${credits(c.renewalPremium)} premium, at today's price)`;
}

/**
 * What needs the player: unfielded contracts, empty positions with credits unspent, and
 * contracts in their renewal window or expiring today.
 */
export function NeedsYou(props: { leagueId: string; unfielded: Contract[]; contracts: Contract[]; emptyPositions: number; creditsLeft: number | null }) {
  const expiring = props.contracts.filter((c) => c.status === 'expired' || (c.status === 'live' && daysLeft(c.expireDate) <= 1));
  const idle = props.emptyPositions > 0;
  if (props.unfielded.length === 0 && expiring.length === 0 && !idle) return null;
  const base = `/leagues/${encodeURIComponent(props.leagueId)}`;
  return (
    <div class="warning" role="region" aria-label="Needs you">
      <p>
        <strong>
          <span aria-hidden="true">⚠ </span>Needs you
        </strong>
      </p>
      <ul>
        {props.unfielded.length > 0 && (
          <li>
            {props.unfielded.length === 1
              ? '1 contract is not in your line-up and scores nothing'
              : `${props.unfielded.length} contracts are not in your line-up and score nothing`}
            : {props.unfielded.map((c) => c.article.title).join(', ')}. <a href={`${base}/lineup`}>Field them</a>
          </li>
        )}
        {idle && (
          <li>
            {props.emptyPositions === 1 ? '1 position of your line-up is empty' : `${props.emptyPositions} positions of your line-up are empty`}
            {props.creditsLeft !== null && props.creditsLeft > 0 ? ` and ${credits(props.creditsLeft)} are unspent` : ''}: an empty position scores
            nothing. <a href={`${base}/market`}>Buy articles</a> · <a href={`${base}/lineup`}>Set the line-up</a>
          </li>
        )}
        {expiring.map((c) =>
          c.status === 'expired' ? (
            <li key={c.id}>
              {c.article.title} expires today ({day(c.expireDate)}): it scores nothing today and settles {settlesWhen()}
              {c.renewalElected ? `, renewing for ${renewalCost(c)}.` : ' at its value then, unless you renew it.'}{' '}
              <a href={`${base}/contracts`}>{c.renewalElected ? 'Review' : 'Renew or let it go'}</a>
            </li>
          ) : (
            <li key={c.id}>
              {c.article.title} expires tomorrow ({day(c.expireDate)}):{' '}
              {c.renewalElected
                ? `renewal chosen: it renews for ${renewalCost(c)}.`
                : `renew for ${renewalChoice(c).renew}, or let it expire: ${renewalChoice(c).expire} at today's price.`}{' '}
              <a href={`${base}/contracts`}>{c.renewalElected ? 'Review' : 'Renew or let it go'}</a>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

export function DayResult(props: {
  performance: Performance;
  contracts: Contract[];
  rank: number | null;
  teams: number;
  rankDelta: number | null;
  /** a head-to-head league: the round whose last day this result is */
  endedRound?: { fixtures: Fixtures; myTeamId: string } | null;
}) {
  const { performance } = props;
  const { breakdown } = performance;
  const titles = new Map(props.contracts.map((c) => [c.article.id, c.article.title]));
  const title = (id: string) => titles.get(id) ?? displayTitle(id);
  const change = rankChange(props.rankDelta);
  // The lines as shown add up to the total as shown (one decimal each).
  const shown = tenthsAddingUp([...breakdown.articles.map((a) => a.points), breakdown.synergy], performance.points);
  const synergyShown = shown[shown.length - 1];
  const scored = breakdown.articles.map((a, i) => ({ ...a, shown: shown[i] })).sort((a, b) => b.points - a.points);
  return (
    <section class="card result" aria-labelledby="result-heading">
      <h2 id="result-heading">Your result for {day(performance.date)}</h2>
      <p class="result-total">
        <strong>{points(performance.points)}</strong> points
      </p>
      {props.endedRound && <RoundEnded {...props.endedRound} />}
      <p>
        Rank {props.rank === null ? '—' : `${props.rank} of ${props.teams}`}{' '}
        <span>
          (<span aria-hidden="true">{change.icon} </span>
          {change.text})
        </span>
      </p>
      {scored.length === 0 ? (
        <p>No article was fielded that day, so nothing scored.</p>
      ) : (
        <>
          <h3>What scored</h3>
          <ul class="scored">
            {scored.map((a) => (
              <li key={`${a.position}-${a.articleId}`}>
                <span>
                  {title(a.articleId)} <span class="sub">{positionName(a.position)} · {count(a.views)} views</span>
                </span>
                <span class="num">{points(a.shown)}</span>
              </li>
            ))}
            <li>
              <span>
                Chemistry{' '}
                <span class="sub">
                  {breakdown.links.length === 0
                    ? 'no two neighbours fielded'
                    : breakdown.links.map((l) => `${positionName(l.from)}–${positionName(l.to)}: ${LEVEL_WORDS[l.level] ?? l.level}`).join(', ')}
                </span>
              </span>
              <span class="num">{points(synergyShown)}</span>
            </li>
          </ul>
        </>
      )}
    </section>
  );
}

/** The morning after a round's last day: who won it, in words, for the player's own matchup. */
function RoundEnded(props: { fixtures: Fixtures; myTeamId: string }) {
  const { fixtures } = props;
  const mine = myMatchup(fixtures, props.myTeamId);
  if (!mine) return <p class="round-ended">Round {fixtures.round} ended; your team was not paired in it.</p>;
  const meHome = mine.home.teamId === props.myTeamId;
  const [me, rival] = meHome ? [mine.home, mine.away] : [mine.away, mine.home];
  const score = `${points(me.points)} – ${points(rival.points)}`;
  if (mine.result === null)
    return (
      <p class="round-ended">
        Round {fixtures.round} ended: you {score} {rival.teamName} so far; it is final once every team’s last day is scored.
      </p>
    );
  const won = mine.result === (meHome ? 'home' : 'away');
  return (
    <p class="round-ended">
      <strong>
        Round {fixtures.round}: {mine.result === 'draw' ? `a draw with ${rival.teamName}` : won ? `you beat ${rival.teamName}` : `${rival.teamName} beat you`}, {score}.
      </strong>
    </p>
  );
}
