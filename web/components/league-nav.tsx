/** The league's own navigation: the matchup, home and standings, market, contracts, line-up, history. */
import type { League } from '../api';
import { currentPath } from '../router';
import { headToHeadLeagues } from '../state';
import { day } from './ui';
import { DAY_MS } from '../../src/domain/dates';

/** Closed, or past its end date: the league is an archive and refuses every move. */
export function leagueIsOver(league: Pick<League, 'closedAt' | 'endDate'>, now = Date.now()): boolean {
  return !!league.closedAt || now > Date.parse(league.endDate);
}

/** A season longer than this never ends in practice (the Global League): a date or a day count would say nothing. */
const OPEN_ENDED_DAYS = 3650;

function utcDayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** Where a league's season stands, in the same words on every screen that names it. */
export function seasonWords(league: Pick<League, 'closedAt' | 'startDate' | 'endDate'>, now = Date.now()): { short: string; long: string } {
  const start = Date.parse(league.startDate);
  const end = Date.parse(league.endDate);
  if (league.closedAt) return { short: `closed on ${day(league.closedAt)}`, long: `Closed on ${day(league.closedAt)}: the standings are final.` };
  if (now > end) return { short: `ended on ${day(league.endDate)}`, long: `The season ended on ${day(league.endDate)}: the standings are final.` };
  // Days counted as the scoring counts them: UTC days, the founding day being day 1.
  const total = Math.max(1, utcDayNumber(end) - utcDayNumber(start));
  if (total > OPEN_ENDED_DAYS) return { short: 'open-ended season', long: 'An open-ended season: points add up every day.' };
  const today = Math.min(total, Math.max(1, utcDayNumber(now) - utcDayNumber(start) + 1));
  return { short: `${total}-day season, ends ${day(league.endDate)}`, long: `Day ${today} of ${total} · ends ${day(league.endDate)}` };
}

export function LeagueNav(props: { id: string; title?: string; archived?: boolean }) {
  const base = `/leagues/${encodeURIComponent(props.id)}`;
  const headToHead = headToHeadLeagues.value.has(props.id);
  // An archive offers only what it still answers: the final standings, the line-ups from
  // them, the rounds played and what happened.
  const items: [string, string][] = props.archived
    ? [[base, 'Final standings']]
    : [
        [base, 'Standings'],
        [`${base}/market`, 'Market'],
        [`${base}/contracts`, 'Contracts'],
        [`${base}/lineup`, 'Line-up'],
      ];
  // a head-to-head league opens on the player's matchup: it leads the tabs
  if (headToHead) items.unshift([`${base}/matchup`, 'Matchup']);
  if (headToHead) items.push([`${base}/fixtures`, 'Fixtures']);
  items.push([`${base}/activity`, 'Activity']);
  if (props.id !== 'global') items.push([`${base}/history`, 'History']);
  return (
    <nav class="league-nav" aria-label={props.title ? `${props.title} sections` : 'League sections'}>
      <ul>
        {items.map(([href, label]) => (
          <li key={href}>
            <a href={href} aria-current={currentPath.value === href ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
