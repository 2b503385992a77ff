/**
 * What happened in a league (issue 24), newest first, each event one sentence: who joined
 * or left, who bought, sold early, renewed or let go of which article, and how each finished
 * round ended. Amounts of credits are never part of it (the service sends none).
 */
import type { ActivityEvent } from '../api';
import { TIER_DAYS } from '../../src/domain/pricing';
import { resultWords } from './head-to-head';
import { day, points } from './ui';

const TIER_WORDS = { SHORT: 'short', MEDIUM: 'medium', LONG: 'long' } as const;
const KIND_ICONS: Record<ActivityEvent['kind'], string> = {
  join: '👋',
  departure: '🚪',
  removal: '⛔',
  buy: '🛒',
  'early-sale': '💱',
  renewal: '🔁',
  expiry: '⌛',
  'round-result': '🏁',
  'season-started': '🆕',
};
/** A kind a newer server sends that this app does not know yet. */
const OTHER_ICON = '•';

const timeFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${timeFormat.format(date)} UTC`;
}

function tierWords(tier: ActivityEvent['tier']): string {
  return tier ? ` (${TIER_WORDS[tier]} term, ${TIER_DAYS[tier]} days)` : '';
}

/** "Bob's", but "Bookworms'": a name ending in s takes the apostrophe alone. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}’` : `${name}’s`;
}

/** Buys by one team on one UTC day, shown as one line (a first day is a team's whole squad). */
interface BuyGroup {
  kind: 'buys';
  id: string;
  at: string;
  team: ActivityEvent['team'];
  articles: NonNullable<ActivityEvent['article']>[];
}

function grouped(events: readonly ActivityEvent[]): (ActivityEvent | BuyGroup)[] {
  const out: (ActivityEvent | BuyGroup)[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    const sameDay = (a: string, b: string) => a.slice(0, 10) === b.slice(0, 10);
    if (event.kind === 'buy' && event.article && last && last.kind === 'buy' && 'article' in last && last.article && last.team?.id === event.team?.id && sameDay(last.at, event.at)) {
      out[out.length - 1] = { kind: 'buys', id: last.id, at: last.at, team: last.team, articles: [last.article, event.article] };
    } else if (event.kind === 'buy' && event.article && last && last.kind === 'buys' && last.team?.id === event.team?.id && sameDay(last.at, event.at)) {
      last.articles.push(event.article);
    } else out.push(event);
  }
  return out;
}

function BuysText(props: { group: BuyGroup; leagueId: string; myTeamId: string | null }) {
  const { group } = props;
  const team = group.team ? (group.team.id === props.myTeamId ? `You (${group.team.name})` : group.team.name) : 'A team';
  // newest first in the feed; the list reads in the order bought
  const articles = [...group.articles].reverse();
  return (
    <>
      {team} bought {articles.length} articles:{' '}
      {articles.map((article, i) => (
        <span key={article.id}>
          {i > 0 && (i === articles.length - 1 ? ' and ' : ', ')}
          <a href={`/leagues/${encodeURIComponent(props.leagueId)}/articles/${encodeURIComponent(article.id)}`}>{article.title}</a>
        </span>
      ))}
      .
    </>
  );
}

function EventText(props: { event: ActivityEvent; leagueId: string; myTeamId: string | null }) {
  const { event } = props;
  const team = event.team ? (event.team.id === props.myTeamId ? `You (${event.team.name})` : event.team.name) : 'A team';
  const article = event.article ? (
    <a href={`/leagues/${encodeURIComponent(props.leagueId)}/articles/${encodeURIComponent(event.article.id)}`}>{event.article.title}</a>
  ) : (
    'an article'
  );
  switch (event.kind) {
    case 'join':
      return <>{team} joined the league.</>;
    case 'departure':
      return <>{team} left the league.</>;
    case 'removal':
      return <>{team} was removed by the admin.</>;
    case 'season-started': {
      const next = event.nextSeason;
      if (!next) return <>A new season has started.</>;
      return (
        <>
          Season {next.season} has started: <a href={`/leagues/${encodeURIComponent(next.leagueId)}`}>{next.name}</a>.
        </>
      );
    }
    case 'buy':
      return (
        <>
          {team} bought {article}
          {tierWords(event.tier)}.
        </>
      );
    case 'early-sale':
      return (
        <>
          {team} sold {article} early.
        </>
      );
    case 'renewal':
      return (
        <>
          {team} renewed {article}
          {tierWords(event.tier)}.
        </>
      );
    case 'expiry':
      return (
        <>
          {event.team?.id === props.myTeamId ? 'Your' : possessive(event.team?.name ?? 'A team')} contract on {article} ended at its expiry.
        </>
      );
    case 'round-result': {
      const round = event.round;
      if (!round) return <>A round finished.</>;
      return (
        <>
          Round {round.round} finished ({day(round.startDate)}
          {round.endDate !== round.startDate ? ` – ${day(round.endDate)}` : ''}):
          <ul class="round-results">
            {round.matchups.map((m, i) => (
              <li key={i}>
                {m.home.teamName} {points(m.home.points)} – {points(m.away.points)} {m.away.teamName}: {resultWords(m, null)}
              </li>
            ))}
          </ul>
        </>
      );
    }
    default:
      return <>Something happened in the league.</>;
  }
}

export function ActivityList(props: { events: ActivityEvent[]; leagueId: string; myTeamId: string | null; label: string }) {
  if (props.events.length === 0) return <p class="card empty">Nothing has happened in this league yet.</p>;
  return (
    <ol class="activity" aria-label={props.label}>
      {grouped(props.events).map((event) => (
        <li key={event.id} class="card">
          <span class="activity-icon" aria-hidden="true">
            {KIND_ICONS[event.kind === 'buys' ? 'buy' : event.kind] ?? OTHER_ICON}
          </span>
          <div>
            {event.kind === 'buys' ? (
              <BuysText group={event} leagueId={props.leagueId} myTeamId={props.myTeamId} />
            ) : (
              <EventText event={event} leagueId={props.leagueId} myTeamId={props.myTeamId} />
            )}
            <time class="sub" dateTime={event.at}>
              {when(event.at)}
            </time>
          </div>
        </li>
      ))}
    </ol>
  );
}
