/** The Team wire form (§13): a team with its derived credits and its player. */
import type { TeamWithPlayer } from '../../store/leagues';

export interface TeamView {
  id: string;
  name: string;
  credits: number;
  player: { id: string; name: string };
}

export function teamView(team: Pick<TeamWithPlayer, 'id' | 'name' | 'playerId' | 'playerName'>, credits: number): TeamView {
  return { id: team.id, name: team.name, credits, player: { id: team.playerId, name: team.playerName } };
}
