/** The league's own navigation: home and standings, market, contracts, line-up. */
import type { League } from '../api';
import { currentPath } from '../router';

/** Closed, or past its end date: the league is an archive and refuses every move. */
export function leagueIsOver(league: Pick<League, 'closedAt' | 'endDate'>, now = Date.now()): boolean {
  return !!league.closedAt || now > Date.parse(league.endDate);
}

export function LeagueNav(props: { id: string; title?: string; archived?: boolean }) {
  const base = `/leagues/${encodeURIComponent(props.id)}`;
  // An archive offers only what it still answers: the final standings and the line-ups.
  const items: [string, string][] = props.archived
    ? [[base, 'Final standings']]
    : [
        [base, 'Standings'],
        [`${base}/market`, 'Market'],
        [`${base}/contracts`, 'Contracts'],
        [`${base}/lineup`, 'Line-up'],
      ];
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
