/** Screen 4: my team, the season, the standings (each row opens a line-up), invite, leave, close. */
import { useState } from 'preact/hooks';
import { GroupChat } from '../components/group-chat';
import { api, type Fixtures, type HeadToHeadRow, type LeaderboardEntry, type Page } from '../api';
import { ActivityList } from '../components/activity';
import { HeadToHeadTable, LastChampion, ThisRound } from '../components/head-to-head';
import { Confirm } from '../components/confirm';
import { JoinForm } from '../components/join-form';
import { InvitationQr, ShareInvitation } from '../components/share-invitation';
import { Commissioner } from '../components/commissioner';
import { NextSeason } from '../components/next-season';
import { LeagueNav, leagueIsOver, seasonWords } from '../components/league-nav';
import { DayResult, NeedsYou } from '../components/day-result';
import { PointsChart } from '../components/charts';
import { Failed, Loaded, NotFound, Refusal, Screen, credits, day, errorCode, isNotThere, points, rankChange, useAction, useLoad } from '../components/ui';
import { navigate } from '../router';
import { currentPlayer, rememberEntries, rememberFormat } from '../state';
import { SCHEMAS } from '../../src/domain/formations';

/** A page of the table: a phone screen's worth, as many as the league home's answer gives at the top. */
const PAGE = 10;

/** The round whose last day is the morning result's day, when a round ended on it. */
async function roundEndedOn(id: string, current: Fixtures | null, date: string | undefined): Promise<Fixtures | null> {
  if (!current || !date) return null;
  if (current.endDate === date) return current;
  if (current.round <= 1 || current.startDate <= date) return null;
  const previous = await api.fixtures(id, current.round - 1).catch(() => null);
  return previous?.endDate === date ? previous : null;
}

/**
 * Everything the screen shows, from one answer: a phone after the morning push waits for one
 * answer instead of nine. The standings are the top of the table and the player's neighbourhood,
 * never every team.
 */
async function loadLeague(id: string) {
  const [{ league, role, top, mine }, me] = await Promise.all([api.leagueHome(id), currentPlayer()]);
  rememberFormat(league);
  const around = mine?.around ?? null;
  const performances = mine?.performances ?? [];
  const contracts = mine?.contracts ?? [];
  const lineup = mine?.lineup ?? null;
  const fixtures = mine?.fixtures ?? null;
  const endedRound = await roundEndedOn(id, fixtures, performances[0]?.date);
  const isMe = (entry: LeaderboardEntry) => entry.team.player.id === me.id;
  const entry = around?.rows.find(isMe) ?? top.rows.find(isMe) ?? null;
  // The playtest's lesson: contracts bought and never fielded scored nothing, and nobody said so.
  const fielded = new Set(Object.values(lineup?.formation.formation ?? {}).map((c) => c?.id));
  const unfielded = contracts.filter((c) => c.status === 'live' && !fielded.has(c.id));
  const emptyPositions = lineup
    ? SCHEMAS[lineup.formation.schema].filter((p) => {
        const c = lineup.formation.formation[p];
        return !c || c.status !== 'live';
      }).length
    : 0;
  // The code is asked for only where the league's policy shows it to this player, and only
  // while someone could still join with it (a closed or ended league refuses every join).
  const mayInvite = role.isMember && !leagueIsOver(league) && (league.invitePolicy === 'members' || role.isAdmin) && league.visibility === 'private';
  const table = mine?.table ?? null;
  const recent = mine?.recent ?? null;
  return { league, role, top, around, me, entry, performances, contracts, unfielded, emptyPositions, mayInvite, fixtures, table, recent, endedRound };
}

function StandingsRows(props: { leagueId: string; rows: LeaderboardEntry[]; meId: string; meLeft?: boolean }) {
  rememberEntries(props.rows);
  return (
    <>
      {props.rows.map((entry) => {
        const delta = rankChange(entry.rankDelta);
        const isMe = entry.team.player.id === props.meId;
        return (
          <tr key={entry.team.id} class={isMe ? 'me' : undefined}>
            <td>{entry.rank}</td>
            <th scope="row">
              <a href={`/leagues/${encodeURIComponent(props.leagueId)}/teams/${encodeURIComponent(entry.team.id)}`}>{entry.team.name}</a>
              <span class="sub">
                {entry.team.player.name}
                {isMe && (props.meLeft ? ' (you, left the league)' : ' (you)')}
              </span>
              {entry.champion && <LastChampion />}
            </th>
            <td class="num">{points(entry.cumulativePoints)}</td>
            <td>
              <span aria-hidden="true">{delta.icon}</span> {delta.text}
            </td>
          </tr>
        );
      })}
    </>
  );
}

/**
 * The top of the table, paged ten ranks at a time, and the player's own neighbourhood when
 * it is not on the page shown: a league of 100,000 teams never ships whole.
 */
function Standings(props: { leagueId: string; top: Page<LeaderboardEntry>; around: Page<LeaderboardEntry> | null; meId: string; meLeft?: boolean }) {
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page<LeaderboardEntry>>(props.top);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const total = page.total;
  const go = async (to: number) => {
    setBusy(true);
    setFailed(null);
    try {
      setPage(to === 0 ? props.top : await api.leaderboardPage(props.leagueId, PAGE, to));
      setOffset(to);
    } catch (error) {
      setFailed(errorCode(error));
    } finally {
      setBusy(false);
    }
  };
  if (total === 0) return <p class="card empty">No team has joined yet.</p>;
  const shown = new Set(page.rows.map((e) => e.team.id));
  const neighbours = (props.around?.rows ?? []).filter((e) => !shown.has(e.team.id));
  const first = offset + 1;
  const last = offset + page.rows.length;
  return (
    <>
      <p class="sub" id="standings-range">
        Ranks {first}–{last} of {total.toLocaleString('en')}
        {neighbours.length > 0 ? ', then yours' : ''}
      </p>
      <div class="table-wrap">
        <table class="standings" aria-describedby="standings-range">
          <thead>
            <tr>
              <th scope="col" class="rank">
                Rank
              </th>
              <th scope="col">Team</th>
              <th scope="col" class="num">
                Points
              </th>
              <th scope="col" class="change">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            <StandingsRows leagueId={props.leagueId} rows={page.rows} meId={props.meId} meLeft={props.meLeft} />
          </tbody>
          {neighbours.length > 0 && (
            <tbody aria-label="Around your team">
              <tr class="gap">
                <td colSpan={4}>
                  <span aria-hidden="true">⋯ </span>Around your team
                </td>
              </tr>
              <StandingsRows leagueId={props.leagueId} rows={neighbours} meId={props.meId} meLeft={props.meLeft} />
            </tbody>
          )}
        </table>
      </div>
      {total > PAGE && (
        <p class="row pager">
          <button type="button" disabled={busy || offset === 0} onClick={() => go(Math.max(0, offset - PAGE))}>
            Ranks {Math.max(1, first - PAGE)}–{Math.max(PAGE, first - 1)}
          </button>
          <button type="button" disabled={busy || last >= total} onClick={() => go(offset + PAGE)}>
            Ranks {last + 1}–{Math.min(total, last + PAGE)}
          </button>
        </p>
      )}
      {failed && <Failed what="that page of the standings" code={failed} retry={() => go(offset)} />}
    </>
  );
}

function InviteCode(props: { code: string; title: string }) {
  // The league's name rides along so a friend who is not signed in yet sees what they are joining.
  const path = `/join/${props.code}?league=${encodeURIComponent(props.title)}`;
  const link = `${location.origin}${path}`;
  return (
    <section class="card invite" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite friends</h2>
      <p>
        Invitation code: <strong class="code">{props.code}</strong>
      </p>
      <p class="break">
        Link: <a href={path}>{link}</a>
      </p>
      <ShareInvitation link={link} code={props.code} title={props.title} />
      <InvitationQr link={link} title={props.title} />
    </section>
  );
}

export function LeagueHome(props: { id: string }) {
  const [load, reload] = useLoad(() => loadLeague(props.id), props.id);
  const [confirming, setConfirming] = useState<'leave' | 'close' | null>(null);
  const { busy, refusal, run } = useAction();
  const title = load.status === 'ready' ? load.data.league.title : 'League';
  const archived = load.status === 'ready' && leagueIsOver(load.data.league);
  // A league that does not exist has no sections to offer, and trying again will not make it.
  if (load.status === 'failed' && isNotThere(load.code)) return <NotFound text="There is no league at this address: it may never have existed, or it was deleted when its last team left." />;

  return (
    <Screen title={title} heading={title}>
      <LeagueNav id={props.id} title={title} archived={archived} />
      <Loaded load={load} what="this league" retry={reload}>
        {({ league, role, top, around, me, entry, performances, contracts, unfielded, emptyPositions, mayInvite, fixtures, table, recent, endedRound }) => {
          // a player who left still has their team's row: it is theirs, but they are not a member
          const ownLeft = role.isMember ? null : (entry ?? top.rows.find((row) => row.team.player.id === me.id) ?? null);
          const team = role.isMember ? (entry?.team ?? null) : null;
          const latest = performances[0];
          const change = rankChange(entry?.rankDelta ?? null);
          const teams = top.total;
          return (
            <>
              <p class="season" aria-label="Season">
                <span aria-hidden="true">{league.icon} </span>
                {seasonWords(league).long} · {league.domain} edition · {league.visibility}
              </p>
              {archived && (
                <p class="card archive-note">
                  <span aria-hidden="true">🗄 </span>This league is an archive: the standings below are final, and each team's last line-up
                  opens from its row. Nothing can be bought, sold or fielded here any more.
                </p>
              )}
              {archived && <Podium table={table} top={top.rows} />}
              {archived && role.isAdmin && league.id !== 'global' && <NextSeason league={league} />}
              {role.isMember && !archived && (
                <NeedsYou
                  leagueId={league.id}
                  unfielded={unfielded}
                  contracts={contracts}
                  emptyPositions={emptyPositions}
                  creditsLeft={team?.credits ?? null}
                />
              )}
              {fixtures && <ThisRound leagueId={league.id} fixtures={fixtures} myTeamId={team?.id ?? null} />}
              {table && (
                <section aria-labelledby="h2h-heading">
                  <h2 id="h2h-heading">Head-to-head table</h2>
                  <HeadToHeadTable leagueId={league.id} rows={table} myTeamId={team?.id ?? null} />
                </section>
              )}
              {role.isMember && latest && (
                <DayResult
                  performance={latest}
                  contracts={contracts}
                  rank={entry?.rank ?? null}
                  teams={teams}
                  rankDelta={entry?.rankDelta ?? null}
                  endedRound={endedRound && team ? { fixtures: endedRound, myTeamId: team.id } : null}
                />
              )}
              {!role.isMember && ownLeft && (
                <p class="card archive-note">
                  <span aria-hidden="true">🚪 </span>You left {league.title}: your team {ownLeft.team.name} stays in the standings with its points
                  {archived ? ', and the season is over.' : ' and contracts, and plays on without you.'}
                </p>
              )}
              {!role.isMember && !archived && (
                <section class="card">
                  {/* the rules let a player come back: the same team, its contracts and points */}
                  <h2>{ownLeft ? `Rejoin ${league.title}` : 'Join this league'}</h2>
                  <JoinForm
                    league={league}
                    onJoined={reload}
                    name={ownLeft?.team.name}
                    label={ownLeft ? `Rejoin with ${ownLeft.team.name}` : undefined}
                  />
                </section>
              )}
              {team && (
                <section class="card my-team" aria-labelledby="my-team-heading">
                  <h2 id="my-team-heading">{team.name}</h2>
                  <dl class="stats">
                    <div>
                      <dt>Credits</dt>
                      <dd>{credits(team.credits)}</dd>
                    </div>
                    <div>
                      <dt>{latest ? `Points on ${day(latest.date)}` : 'Latest day'}</dt>
                      <dd>{latest ? points(latest.points) : 'not scored yet'}</dd>
                    </div>
                    <div>
                      <dt>Total points</dt>
                      <dd>{points(entry?.cumulativePoints ?? 0)}</dd>
                    </div>
                    <div>
                      <dt>Rank</dt>
                      <dd>
                        {entry ? `${entry.rank} of ${teams.toLocaleString('en')}` : '—'}{' '}
                        <span class="delta">
                          <span aria-hidden="true">{change.icon}</span> {change.text}
                        </span>
                      </dd>
                    </div>
                  </dl>
                  {!archived && (
                    <p class="actions">
                      <a class="button primary" href={`/leagues/${encodeURIComponent(league.id)}/market`}>
                        Buy articles
                      </a>
                      <a class="button" href={`/leagues/${encodeURIComponent(league.id)}/lineup`}>
                        Set the line-up
                      </a>
                    </p>
                  )}
                </section>
              )}
              {team && performances.length > 0 && (
                <section aria-labelledby="season-heading">
                  <h2 id="season-heading">Your season</h2>
                  <PointsChart performances={performances} />
                </section>
              )}
              <section aria-labelledby="standings-heading">
                <h2 id="standings-heading">{league.format === 'head-to-head' ? 'Points standings' : 'Standings'}</h2>
                <Standings leagueId={league.id} top={top} around={around} meId={me.id} meLeft={!role.isMember} />
              </section>
              {recent && (
                <section aria-labelledby="recent-heading">
                  <h2 id="recent-heading">Latest in the league</h2>
                  <ActivityList events={recent} leagueId={league.id} myTeamId={team?.id ?? null} label="Latest events, newest first" />
                  <p>
                    <a href={`/leagues/${encodeURIComponent(league.id)}/activity`}>All activity</a>
                  </p>
                </section>
              )}
              {mayInvite && <InviteSection leagueId={league.id} title={league.title} />}
              {role.isAdmin && !archived && league.id !== 'global' && <Commissioner league={league} meId={me.id} onChanged={reload} />}
              {role.isAdmin && !archived && league.id !== 'global' && <GroupChat leagueId={league.id} title={league.title} />}
              {role.isMember && league.id !== 'global' && !archived && (
                <section class="card danger-zone" aria-labelledby="manage-heading">
                  <h2 id="manage-heading">Leave or close</h2>
                  {confirming === 'leave' ? (
                    <Confirm
                      danger
                      busy={busy}
                      confirmLabel="Leave the league"
                      onCancel={() => setConfirming(null)}
                      onConfirm={() =>
                        run(async () => {
                          await api.leave(league.id);
                          navigate('/home');
                        })
                      }
                    >
                      <p>
                        Leave {league.title}? Your team stays in the standings with its points and contracts, which run to their expiry
                        {league.format === 'head-to-head' ? ', and it forfeits the round being played' : ''}. You can come back while the season
                        runs{league.visibility === 'private' ? ' with the invitation code' : ''}, to the same team. If you are the last member, the
                        league is deleted.
                      </p>
                    </Confirm>
                  ) : confirming === 'close' ? (
                    <Confirm
                      danger
                      busy={busy}
                      confirmLabel="Close the league"
                      onCancel={() => setConfirming(null)}
                      onConfirm={() =>
                        run(async () => {
                          await api.close(league.id);
                          setConfirming(null);
                          reload();
                        })
                      }
                    >
                      <p>Close {league.title} for everyone? Nobody can join afterwards and the standings become final.</p>
                    </Confirm>
                  ) : (
                    <p class="row">
                      <button type="button" onClick={() => setConfirming('leave')} disabled={!!league.closedAt}>
                        Leave the league…
                      </button>
                      {role.isAdmin && (
                        <button type="button" onClick={() => setConfirming('close')} disabled={!!league.closedAt}>
                          Close the league…
                        </button>
                      )}
                    </p>
                  )}
                  <Refusal code={refusal} />
                </section>
              )}
            </>
          );
        }}
      </Loaded>
    </Screen>
  );
}

/**
 * The final podium: a head-to-head league's by its table (table points, then points for), a
 * points league's by its standings, as the league's chat was told.
 */
function Podium(props: { table: HeadToHeadRow[] | null; top: LeaderboardEntry[] }) {
  const places = props.table
    ? props.table.slice(0, 3).map((row) => ({ rank: row.rank, name: row.teamName, what: `${row.tablePoints} table points, ${points(row.pointsFor)} points for` }))
    : props.top.slice(0, 3).map((entry) => ({ rank: entry.rank, name: entry.team.name, what: `${points(entry.cumulativePoints)} points` }));
  if (places.length === 0) return null;
  return (
    <section class="card podium" aria-labelledby="podium-heading">
      <h2 id="podium-heading">Final podium</h2>
      <ol class="plain">
        {places.map((place) => (
          <li key={place.rank + place.name}>
            <strong>{['1st', '2nd', '3rd'][place.rank - 1] ?? `${place.rank}th`}</strong> {place.name} · {place.what}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The invitation, read on its own so the standings never wait for it. */
function InviteSection(props: { leagueId: string; title: string }) {
  const [load] = useLoad(() => api.inviteCode(props.leagueId).catch(() => null), `invite:${props.leagueId}`);
  return load.status === 'ready' && load.data ? <InviteCode code={load.data.code} title={props.title} /> : null;
}
