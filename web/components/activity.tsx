/**
 * What happened in a league (issue 24 §2), newest first, each event one sentence: who joined
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
  buy: '🛒',
  'early-sale': '💱',
  renewal: '🔁',
  expiry: '⌛',
  'round-result': '🏁',
};

const timeFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${timeFormat.format(date)} UTC`;
}

function tierWords(tier: ActivityEvent['tier']): string {
  return tier ? ` (${TIER_WORDS[tier]} term, ${TIER_DAYS[tier]} days)` : '';
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
          {team}’s contract on {article} ended at its expiry.
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
  }
}

export function ActivityList(props: { events: ActivityEvent[]; leagueId: string; myTeamId: string | null; label: string }) {
  if (props.events.length === 0) return <p class="card empty">Nothing has happened in this league yet.</p>;
  return (
    <ol class="activity" aria-label={props.label}>
      {props.events.map((event) => (
        <li key={event.id} class="card">
          <span class="activity-icon" aria-hidden="true">
            {KIND_ICONS[event.kind]}
          </span>
          <div>
            <EventText event={event} leagueId={props.leagueId} myTeamId={props.myTeamId} />
            <time class="sub" dateTime={event.at}>
              {when(event.at)}
            </time>
          </div>
        </li>
      ))}
    </ol>
  );
}
