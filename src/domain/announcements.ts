/** What a league's chat and a player's phone are told: never credits or an invitation code, since anyone in a group chat reads them. */

export type WebhookFormat = 'discord' | 'slack' | 'json';
export const WEBHOOK_FORMATS: readonly WebhookFormat[] = ['discord', 'slack', 'json'];

export interface LeagueRef {
  id: string;
  name: string;
}

export interface StandingLine {
  rank: number;
  teamName: string;
  /** a head-to-head league: its points for, from final rounds */
  points: number;
  dayPoints: number;
  /** head-to-head only: 3 a win, 1 a draw */
  tablePoints?: number;
  played?: number;
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
  | { event: 'team-left'; league: LeagueRef; team: { name: string }; teamCount: number; forfeitedRound: number | null; text: string }
  | { event: 'league-closed'; league: LeagueRef; text: string }
  | { event: 'test'; league: LeagueRef; text: string }
  | { event: 'season-end'; league: LeagueRef; podium: StandingLine[]; text: string }
  | { event: 'next-season'; league: LeagueRef; nextLeague: LeagueRef; teamCount: number; text: string };

export interface PushMessage {
  /** a digest comes once a morning per player and league; the service worker tags each kind and league apart */
  kind: 'morning-digest' | 'season-started' | 'team-removed';
  title: string;
  body: string;
  url: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function dayWords(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

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

function standingWords(line: StandingLine): string {
  if (line.tablePoints !== undefined) {
    const played = line.played === 1 ? '1 played' : `${line.played ?? 0} played`;
    return `${ordinal(line.rank)} ${line.teamName}, ${line.tablePoints} table points (${played}, ${pointsWords(line.points)} points for)`;
  }
  return `${ordinal(line.rank)} ${line.teamName}, ${pointsWords(line.points)} points (${pointsWords(line.dayPoints)} that day)`;
}

function leagueLink(appUrl: string | undefined, league: LeagueRef): string[] {
  return appUrl ? [`${appUrl.replace(/\/+$/, '')}${leaguePath(league.id)}`] : [];
}

export function morningResult(facts: MorningFacts & { appUrl?: string }): LeagueEvent {
  const headToHead = facts.top.some((line) => line.tablePoints !== undefined);
  const lines = [`${facts.league.name}: ${headToHead ? 'the table' : 'standings'} after ${dayWords(facts.day)}`];
  // a head-to-head league's news is the round that ended: its results come before the table
  const rounds = [...new Set(facts.matchups.map((m) => m.round))].sort((a, b) => a - b);
  const roundLines = rounds.map((round) => `Round ${round} is over: ${facts.matchups.filter((m) => m.round === round).map(matchupSentence).join('; ')}.`);
  if (headToHead) lines.push(...roundLines);
  for (const line of facts.top) lines.push(standingWords(line));
  if (facts.top.length === 0) lines.push('No team has scored yet.');
  const climb = facts.biggestClimber;
  if (climb) lines.push(`Biggest climber: ${climb.teamName}, up from ${ordinal(climb.from)} to ${ordinal(climb.to)}.`);
  if (!headToHead) lines.push(...roundLines);
  lines.push(...leagueLink(facts.appUrl, facts.league));
  const { appUrl: _appUrl, ...event } = facts;
  return { event: 'morning-result', ...event, text: lines.join('\n') };
}

export function teamLeft(league: LeagueRef, teamName: string, teamCount: number, forfeitedRound: number | null, appUrl?: string): LeagueEvent {
  const count = teamCount === 1 ? '1 team' : `${teamCount} teams`;
  const forfeit = forfeitedRound === null ? '' : ` It forfeits round ${forfeitedRound}: its opponent wins that matchup.`;
  const text = [`${teamName} left ${league.name}.${forfeit} Its points stay in the standings. ${count} now.`, ...leagueLink(appUrl, league)].join('\n');
  return { event: 'team-left', league, team: { name: teamName }, teamCount, forfeitedRound, text };
}

export function leagueClosed(league: LeagueRef, appUrl?: string): LeagueEvent {
  const text = [`${league.name} was closed by its admin: the standings are final.`, ...leagueLink(appUrl, league)].join('\n');
  return { event: 'league-closed', league, text };
}

export function testMessage(league: LeagueRef, appUrl?: string): LeagueEvent {
  const text = [`A test message from ${league.name}: the league's chat will hear of joins, departures, each morning's result and the season's end here.`, ...leagueLink(appUrl, league)].join('\n');
  return { event: 'test', league, text };
}

export function teamJoined(league: LeagueRef, teamName: string, teamCount: number, appUrl?: string): LeagueEvent {
  const count = teamCount === 1 ? '1 team' : `${teamCount} teams`;
  const text = [`${teamName} joined ${league.name}. ${count} now.`, ...leagueLink(appUrl, league)].join('\n');
  return { event: 'team-joined', league, team: { name: teamName }, teamCount, text };
}

/** The admin started the next season: every team that stayed is in it. */
export function nextSeason(league: LeagueRef, nextLeague: LeagueRef, teamCount: number, appUrl?: string): LeagueEvent {
  const count = teamCount === 1 ? '1 team' : `${teamCount} teams`;
  const text = [`${nextLeague.name} has started: ${count} from ${league.name} are in it, with fresh credits.`, ...leagueLink(appUrl, nextLeague)].join('\n');
  return { event: 'next-season', league, nextLeague, teamCount, text };
}

export function seasonEnd(league: LeagueRef, podium: StandingLine[], appUrl?: string): LeagueEvent {
  const places = podium.map((line) =>
    line.tablePoints !== undefined
      ? `${ordinal(line.rank)} ${line.teamName} (${line.tablePoints} table points, ${pointsWords(line.points)} points for)`
      : `${ordinal(line.rank)} ${line.teamName} (${pointsWords(line.points)} points)`,
  );
  const head = places.length === 0 ? `${league.name} is over. No team scored.` : `${league.name} is over. Final podium: ${places.join(', ')}.`;
  return { event: 'season-end', league, podium, text: [head, ...leagueLink(appUrl, league)].join('\n') };
}

const DISCORD_LIMIT = 2000;

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

/** "{team} scored 21.2 on 5 May 2026: you dropped to 2nd.", one line of a player's morning digest. */
export function morningLine(day: string, team: { teamName: string; dayPoints: number; rank: number; previousRank: number | null; inTable?: boolean }): string {
  const { rank, previousRank } = team;
  const where = team.inTable ? ' in the table' : '';
  const move =
    previousRank === null || previousRank === rank
      ? `${previousRank === null ? 'are' : 'stay'} ${ordinal(rank)}${where}`
      : `${rank < previousRank ? 'climbed' : 'dropped'} to ${ordinal(rank)}${where}`;
  return `${team.teamName} scored ${pointsWords(team.dayPoints)} on ${dayWords(day)}: you ${move}.`;
}

export function roundLine(ownTeamId: string, matchup: FinishedMatchup & { home: { teamId: string | null }; away: { teamId: string | null } }): string {
  const home = matchup.home.teamId === ownTeamId;
  const [own, other] = home ? [matchup.home, matchup.away] : [matchup.away, matchup.home];
  const won = matchup.result === (home ? 'home' : 'away');
  const verb = matchup.result === 'draw' ? 'drew with' : won ? 'beat' : 'lost to';
  return `Round ${matchup.round}: ${own.teamName} ${verb} ${other.teamName}, ${pointsWords(own.points)} to ${pointsWords(other.points)}.`;
}

function listWords(items: readonly string[], shown = 8): string {
  const named = items.slice(0, shown);
  const rest = items.length - named.length;
  const all = rest > 0 ? [...named, `${rest} more`] : named;
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

export function expiryLine(articleTitles: readonly string[]): string {
  return articleTitles.length === 1
    ? `Your contract on ${articleTitles[0]} expires tomorrow. Renew it today to keep it.`
    : `Your contracts on ${listWords(articleTitles)} expire tomorrow. Renew them today to keep them.`;
}

/** The lines the player's choices let through, in the order result, rounds, expiry; it opens the contracts when only contracts are in it. */
export function morningDigest(league: LeagueRef, parts: { result?: string; rounds?: string[]; expiry?: string }): PushMessage | null {
  const lines = [...(parts.result ? [parts.result] : []), ...(parts.rounds ?? []), ...(parts.expiry ? [parts.expiry] : [])];
  if (lines.length === 0) return null;
  const onlyExpiry = lines.length === 1 && parts.expiry !== undefined;
  return { kind: 'morning-digest', title: league.name, body: lines.join('\n'), url: onlyExpiry ? `${leaguePath(league.id)}/contracts` : leaguePath(league.id) };
}

/** To each member of the new season: it opens the new league, where their team already is. */
export function seasonStartedPush(nextLeague: LeagueRef): PushMessage {
  return { kind: 'season-started', title: nextLeague.name, body: `${nextLeague.name} has started: your team is in it, with fresh credits.`, url: leaguePath(nextLeague.id) };
}

/** To the removed team's owner, who is no longer a member: it opens their leagues, not the one they left. */
export function teamRemovedPush(league: LeagueRef, teamName: string): PushMessage {
  return {
    kind: 'team-removed',
    title: league.name,
    body: `The admin removed ${teamName} from ${league.name}. Its points stay in the standings, and you cannot rejoin this league.`,
    url: '/leagues',
  };
}
