/** Screen 4: my team, the season, the standings (each row opens a line-up), invite, leave, close. */
import { useState } from 'preact/hooks';
import { api, type League } from '../api';
import { Confirm } from '../components/confirm';
import { JoinForm } from '../components/join-form';
import { LeagueNav, leagueIsOver } from '../components/league-nav';
import { DayResult, NeedsYou } from '../components/day-result';
import { PointsChart } from '../components/charts';
import { Done, Loaded, Refusal, Screen, credits, day, points, rankChange, useAction, useLoad } from '../components/ui';
import { navigate } from '../router';

import { DAY_MS } from '../../src/domain/dates';
/** More days than any season: the chart shows the whole of it. */
const SEASON_DAYS = 400;

async function loadLeague(id: string) {
  const [league, role, table, me] = await Promise.all([api.league(id), api.myRole(id), api.leaderboard(id), api.player()]);
  const [team, performances, contracts, lineup] = role.isMember
    ? await Promise.all([api.myTeam(id), api.myPerformances(id, SEASON_DAYS), api.myContracts(id), api.myLineup(id)])
    : [null, [], [], null];
  // The playtest's lesson: contracts bought and never fielded scored nothing, and nobody said so.
  const fielded = new Set(Object.values(lineup?.formation.formation ?? {}).map((c) => c?.id));
  const unfielded = contracts.filter((c) => c.status === 'live' && !fielded.has(c.id));
  // The code is asked for only where the league's policy shows it to this player, and only
  // while someone could still join with it (a closed or ended league refuses every join).
  const mayInvite = role.isMember && !leagueIsOver(league) && (league.invitePolicy === 'members' || role.isAdmin) && league.visibility === 'private';
  const invite = mayInvite ? await api.inviteCode(id).catch(() => null) : null;
  return { league, role, table, me, team, performances, contracts, invite, unfielded };
}

function seasonState(league: League): string {
  const now = Date.now();
  const start = Date.parse(league.startDate);
  const end = Date.parse(league.endDate);
  if (league.closedAt) return `Closed on ${day(league.closedAt)}: the standings are final.`;
  if (now > end) return `The season ended on ${day(league.endDate)}: the standings are final.`;
  const total = Math.max(1, Math.round((end - start) / DAY_MS));
  // The Global League never ends in practice: a day count out of thousands says nothing.
  if (total > 3650) return 'An open-ended season: points add up every day.';
  const done = Math.min(total, Math.max(0, Math.floor((now - start) / DAY_MS) + 1));
  return `Day ${done} of ${total} · ends ${day(league.endDate)}`;
}

function InviteCode(props: { code: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const link = `${location.origin}/join/${props.code}`;
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${what} copied.`);
    } catch {
      setCopied(`Copying is not allowed here: select the ${what.toLowerCase()} and copy it yourself.`);
    }
  };
  return (
    <section class="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite friends</h2>
      <p>
        Invitation code: <strong class="code">{props.code}</strong>
      </p>
      <p class="break">
        Link: <a href={`/join/${props.code}`}>{link}</a>
      </p>
      <p class="row">
        <button type="button" onClick={() => copy(props.code, 'Code')}>
          Copy code
        </button>
        <button type="button" onClick={() => copy(link, 'Link')}>
          Copy link
        </button>
      </p>
      <Done text={copied} />
    </section>
  );
}

export function LeagueHome(props: { id: string }) {
  const [load, reload] = useLoad(() => loadLeague(props.id), props.id);
  const [confirming, setConfirming] = useState<'leave' | 'close' | null>(null);
  const { busy, refusal, run } = useAction();
  const title = load.status === 'ready' ? load.data.league.title : 'League';
  const archived = load.status === 'ready' && leagueIsOver(load.data.league);

  return (
    <Screen title={title} heading={title}>
      <LeagueNav id={props.id} title={title} archived={archived} />
      <Loaded load={load} what="this league" retry={reload}>
        {({ league, role, table, me, team, performances, contracts, invite, unfielded }) => {
          const mine = table.find((entry) => entry.team.player.id === me.id);
          const latest = performances[0];
          const change = rankChange(mine?.rankDelta ?? null);
          return (
            <>
              <p class="season" aria-label="Season">
                <span aria-hidden="true">{league.icon} </span>
                {seasonState(league)} · {league.domain} edition · {league.visibility}
              </p>
              {archived && (
                <p class="card archive-note">
                  <span aria-hidden="true">🗄 </span>This league is an archive: the standings below are final, and each team's last line-up
                  opens from its row. Nothing can be bought, sold or fielded here any more.
                </p>
              )}
              {team && !archived && <NeedsYou leagueId={league.id} unfielded={unfielded} contracts={contracts} />}
              {team && latest && (
                <DayResult performance={latest} contracts={contracts} rank={mine?.rank ?? null} teams={table.length} rankDelta={mine?.rankDelta ?? null} />
              )}
              {!role.isMember && !archived && (
                <section class="card">
                  <h2>Join this league</h2>
                  <JoinForm league={league} onJoined={reload} />
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
                      <dd>{points(mine?.cumulativePoints ?? 0)}</dd>
                    </div>
                    <div>
                      <dt>Rank</dt>
                      <dd>
                        {mine ? `${mine.rank} of ${table.length}` : '—'}{' '}
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
                <h2 id="standings-heading">Standings</h2>
                {table.length === 0 ? (
                  <p class="card empty">No team has joined yet.</p>
                ) : (
                  <div class="table-wrap">
                    <table class="standings">
                      <thead>
                        <tr>
                          <th scope="col">Rank</th>
                          <th scope="col">Team</th>
                          <th scope="col" class="num">
                            Points
                          </th>
                          <th scope="col">Change</th>
                        </tr>
                      </thead>
                      <tbody>
                        {table.map((entry) => {
                          const delta = rankChange(entry.rankDelta);
                          const isMe = entry.team.player.id === me.id;
                          return (
                            <tr key={entry.team.id} class={isMe ? 'me' : undefined}>
                              <td>{entry.rank}</td>
                              <th scope="row">
                                <a href={`/leagues/${encodeURIComponent(league.id)}/teams/${encodeURIComponent(entry.team.id)}`}>{entry.team.name}</a>
                                <span class="sub">
                                  {entry.team.player.name}
                                  {isMe && ' (you)'}
                                </span>
                              </th>
                              <td class="num">{points(entry.cumulativePoints)}</td>
                              <td>
                                <span aria-hidden="true">{delta.icon}</span> {delta.text}
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
              {invite && <InviteCode code={invite.code} />}
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
                          const { leagueDeleted } = await api.leave(league.id);
                          navigate(leagueDeleted ? '/home' : '/home');
                        })
                      }
                    >
                      <p>
                        Leave {league.title}? Your team keeps its contracts and its place in the final table, but you cannot come back to
                        it. If you are the last member, the league is deleted.
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
