/** The Team wire form: a team with its derived credits and its player. */
import type { TeamWithPlayer } from './store';
import type { Team } from './wire-teams';

/** The wire name is Team; this alias remains while the web app imports it. */

export function teamView(team: Pick<TeamWithPlayer, 'id' | 'name' | 'playerId' | 'playerName'>, credits: number): Team {
  return { id: team.id, name: team.name, credits, player: { id: team.playerId, name: team.playerName } };
}
