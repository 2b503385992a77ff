/** The playoffs a head-to-head league ends in, as the founding form and the commissioner offer them. */
export type PlayoffTeams = 0 | 2 | 4 | 8;

const CHOICES: [PlayoffTeams, string][] = [
  [0, 'None: the top of the table is champion'],
  [2, '2 teams: the top two meet in a final'],
  [4, '4 teams: semi-finals, then a final'],
  [8, '8 teams: quarter-finals, semi-finals, then a final'],
];

export function PlayoffChoice(props: { value: PlayoffTeams; onChange: (teams: PlayoffTeams) => void; name: string }) {
  return (
    <fieldset>
      <legend>Playoffs</legend>
      {CHOICES.map(([teams, words]) => (
        <label key={teams} class="choice">
          <input type="radio" name={props.name} checked={props.value === teams} onChange={() => props.onChange(teams)} />
          {words}
        </label>
      ))}
      <p class="hint">
        The season’s last rounds: seeded by the table, the higher seed at home and through on a draw. At least one regular round must come first.
      </p>
    </fieldset>
  );
}
