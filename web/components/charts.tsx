/**
 * The two charts, drawn as plain SVG (a chart library would weigh more than the app): each is
 * an image with a caption that says what it shows in words, plus the figures as a table for
 * anyone who would rather read them. Lines are told apart by dash as well as colour.
 */
import type { ArticlePage, Performance } from '../api';
import { count, day, points } from './ui';

const WIDTH = 600;
const HEIGHT = 160;

function FiguresTable(props: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <details class="figures">
      <summary>{props.caption} as a table</summary>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{props.head[0]}</th>
              <th scope="col" class="num">
                {props.head[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map(([a, b]) => (
              <tr key={a}>
                <th scope="row">{a}</th>
                <td class="num">{b}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Points per scored day, oldest first, as bars. `performances` come newest first from the API. */
export function PointsChart(props: { performances: Performance[] }) {
  const days = [...props.performances].reverse();
  if (days.length === 0) return <p>No day has been scored yet: the chart starts after the first one.</p>;
  const max = Math.max(1, ...days.map((d) => d.points));
  const slot = WIDTH / days.length;
  const bar = Math.max(1, slot * 0.8);
  const total = days.reduce((sum, d) => sum + d.points, 0);
  const best = days.reduce((a, b) => (b.points > a.points ? b : a));
  const caption =
    days.length === 1
      ? `Points per day: ${points(days[0].points)} on ${day(days[0].date)}, the only scored day so far.`
      : `Points per day over ${days.length} scored days, ${day(days[0].date)} to ${day(days[days.length - 1].date)}: ` +
        `${points(total)} in all, best ${points(best.points)} on ${day(best.date)}, latest ${points(days[days.length - 1].points)}.`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="points-chart-caption" preserveAspectRatio="none">
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} class="axis" />
        {days.map((d, i) => {
          const h = (d.points / max) * (HEIGHT - 4);
          return <rect key={d.date} class="bar" x={(i * slot + (slot - bar) / 2).toFixed(1)} y={(HEIGHT - h).toFixed(1)} width={bar.toFixed(1)} height={h.toFixed(1)} />;
        })}
      </svg>
      <figcaption id="points-chart-caption">{caption}</figcaption>
      <FiguresTable caption="Points per day" head={['Day', 'Points']} rows={[...props.performances].map((d) => [day(d.date), points(d.points)])} />
    </figure>
  );
}

/** Daily pageviews as a solid line, the 30-day average as a dashed one. */
export function ViewsChart(props: { views: ArticlePage['views']; average: number | null }) {
  const series = props.views;
  if (series.length === 0) return <p>No daily pageviews are known yet.</p>;
  const max = Math.max(1, props.average ?? 0, ...series.map((p) => p.views));
  const step = series.length > 1 ? WIDTH / (series.length - 1) : WIDTH;
  const y = (v: number) => (HEIGHT - 2 - (v / max) * (HEIGHT - 4)).toFixed(1);
  const path = series.map((p, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${y(p.views)}`).join(' ');
  const first = series[0];
  const last = series[series.length - 1];
  const peak = series.reduce((a, b) => (b.views > a.views ? b : a));
  const average = props.average === null ? null : Math.round(props.average);
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="views-chart-caption" preserveAspectRatio="none">
        {average !== null && <line x1="0" x2={WIDTH} y1={y(average)} y2={y(average)} class="average" />}
        <path d={path} class="line" fill="none" />
      </svg>
      <figcaption id="views-chart-caption">
        Daily pageviews from {day(first.date)} to {day(last.date)} (solid line): {count(last.views)} on the last day, peak {count(peak.views)} on{' '}
        {day(peak.date)}.
        {average !== null && ` The dashed line is the 30-day average, ${count(average)} a day.`}
      </figcaption>
      <FiguresTable caption="Daily pageviews" head={['Day', 'Views']} rows={[...series].reverse().map((p) => [day(p.date), count(p.views)])} />
    </figure>
  );
}
