/** The league's own navigation: home and standings, market, contracts, line-up. */
import { currentPath } from '../router';

export function LeagueNav(props: { id: string; title?: string }) {
  const base = `/leagues/${encodeURIComponent(props.id)}`;
  const items: [string, string][] = [
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
