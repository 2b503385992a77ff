/**
 * What the league's chat and a player's phone are told (issue 25), as plain sentences a chat
 * shows well, and the documented JSON event objects they come from. Never a team's credits,
 * never an invitation code: these leave the service for places anyone in a group chat reads.
 */

export type WebhookFormat = 'discord' | 'slack' | 'json';
export const WEBHOOK_FORMATS: readonly WebhookFormat[] = ['discord', 'slack', 'json'];

export interface LeagueRef {
  id: string;
  name: string;
}

export interface StandingLine {
  rank: number;
  teamName: string;
  /** points over the season so far */
  points: number;
  /** points scored on the day announced */
  dayPoints: number;
}

export interface Climb {
  teamName: string;
  from: number;
  to: number;
}

export interface FinishedMatchup {
  round: number;
  home: { teamName: string; points: number };
  away: { teamName: string; points: number };
  result: 'home' | 'away' | 'draw';
}

/** The events a league's webhook receives; `text` is what Discord and Slack show. */
export type LeagueEvent =
  | { event: 'morning-result'; league: LeagueRef; day: string; top: StandingLine[]; biggestClimber: Climb | null; matchups: FinishedMatchup[]; text: string }
  | { event: 'team-joined'; league: LeagueRef; team: { name: string }; teamCount: number; text: string }
  | { event: 'season-end'; league: LeagueRef; podium: StandingLine[]; text: string };

/** What a push message carries: the notification's title, body and the app path it opens. */
export interface PushMessage {
  kind: 'morning-result' | 'contract-expiring' | 'round-result';
  title: string;
  body: string;
  /** the app's own path to open when the notification is tapped */
  url: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2026-05-05` → `5 May 2026`. */
export function dayWords(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** 1 → `1st`, 2 → `2nd`, 11 → `11th`, 23 → `23rd`. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** Points as the app shows them: one decimal. */
export function pointsWords(points: number): string {
  return (Math.round(points * 10) / 10).toFixed(1);
}

function matchupSentence(m: FinishedMatchup): string {
  const score = `${m.home.teamName} ${pointsWords(m.home.points)} – ${pointsWords(m.away.points)} ${m.away.teamName}`;
  const verdict = m.result === 'draw' ? 'a draw' : `win for ${m.result === 'home' ? m.home.teamName : m.away.teamName}`;
  return `${score} (${verdict})`;
}

export interface MorningFacts {
  league: LeagueRef;
  day: string;
  top: StandingLine[];
  biggestClimber: Climb | null;
  matchups: FinishedMatchup[];
}

export function morningResult(facts: MorningFacts): LeagueEvent {
  const lines = [`${facts.league.name}: standings after ${dayWords(facts.day)}`];
  for (const line of facts.top) {
    lines.push(`${ordinal(line.rank)} ${line.teamName}, ${pointsWords(line.points)} points (${pointsWords(line.dayPoints)} that day)`);
  }
  if (facts.top.length === 0) lines.push('No team has scored yet.');
  const climb = facts.biggestClimber;
  if (climb) lines.push(`Biggest climber: ${climb.teamName}, up from ${ordinal(climb.from)} to ${ordinal(climb.to)}.`);
  const rounds = [...new Set(facts.matchups.map((m) => m.round))].sort((a, b) => a - b);
  for (const round of rounds) {
    const ofRound = facts.matchups.filter((m) => m.round === round);
    lines.push(`Round ${round} is over: ${ofRound.map(matchupSentence).join('; ')}.`);
  }
  return { event: 'morning-result', ...facts, text: lines.join('\n') };
}

export function teamJoined(league: LeagueRef, teamName: string, teamCount: number): LeagueEvent {
  const count = teamCount === 1 ? '1 team' : `${teamCount} teams`;
  return { event: 'team-joined', league, team: { name: teamName }, teamCount, text: `${teamName} joined ${league.name}. ${count} now.` };
}

export function seasonEnd(league: LeagueRef, podium: StandingLine[]): LeagueEvent {
  const places = podium.map((line) => `${ordinal(line.rank)} ${line.teamName} (${pointsWords(line.points)} points)`);
  const text = places.length === 0 ? `${league.name} is over. No team scored.` : `${league.name} is over. Final podium: ${places.join(', ')}.`;
  return { event: 'season-end', league, podium, text };
}

/** Discord refuses content over 2,000 characters. */
const DISCORD_LIMIT = 2000;

/** The body posted to a webhook of `format`. */
export function webhookBody(format: WebhookFormat, event: LeagueEvent): unknown {
  switch (format) {
    case 'discord':
      // allowed_mentions: a team named "@everyone" must not ping a whole server
      return { content: event.text.length > DISCORD_LIMIT ? `${event.text.slice(0, DISCORD_LIMIT - 1)}…` : event.text, allowed_mentions: { parse: [] } };
    case 'slack':
      return { text: event.text };
    case 'json':
      return event;
  }
}

const leaguePath = (leagueId: string) => `/leagues/${encodeURIComponent(leagueId)}`;

/** "You scored 21.2 and dropped to 2nd", for one team of the morning's result. */
export function morningPush(league: LeagueRef, day: string, team: { teamName: string; dayPoints: number; rank: number; previousRank: number | null }): PushMessage {
  const { rank, previousRank } = team;
  const move =
    previousRank === null || previousRank === rank
      ? `${previousRank === null ? 'are' : 'stay'} ${ordinal(rank)}`
      : `${rank < previousRank ? 'climbed' : 'dropped'} to ${ordinal(rank)}`;
  return {
    kind: 'morning-result',
    title: league.name,
    body: `${team.teamName} scored ${pointsWords(team.dayPoints)} on ${dayWords(day)}: you ${move}.`,
    url: leaguePath(league.id),
  };
}

export function expiryPush(league: LeagueRef, articleTitle: string): PushMessage {
  return {
    kind: 'contract-expiring',
    title: league.name,
    body: `Your contract on ${articleTitle} expires tomorrow. Renew it today to keep it.`,
    url: `${leaguePath(league.id)}/contracts`,
  };
}

export function roundPush(league: LeagueRef, ownTeamId: string, matchup: FinishedMatchup & { home: { teamId: string | null }; away: { teamId: string | null } }): PushMessage {
  const home = matchup.home.teamId === ownTeamId;
  const [own, other] = home ? [matchup.home, matchup.away] : [matchup.away, matchup.home];
  const won = matchup.result === (home ? 'home' : 'away');
  const verb = matchup.result === 'draw' ? 'drew with' : won ? 'beat' : 'lost to';
  return {
    kind: 'round-result',
    title: league.name,
    body: `Round ${matchup.round}: ${own.teamName} ${verb} ${other.teamName}, ${pointsWords(own.points)} to ${pointsWords(other.points)}.`,
    url: leaguePath(league.id),
  };
}
