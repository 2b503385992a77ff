/**
 * The two charts, drawn as plain SVG at the width they are shown (a chart library would weigh
 * more than the app, and SVG text stays crisp and sized like the page's): each has a y axis
 * from zero with a few round, labelled ticks, dates along the x axis, a caption that says what
 * it shows in words, and the figures as a table for anyone who would rather read them. Lines
 * are told apart by dash as well as colour.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ArticlePage, Performance } from '../api';
import { count, day, points } from './ui';

const HEIGHT = 190;
/** room for the y labels on the left and the dates below */
const PAD = { left: 52, right: 12, top: 10, bottom: 26 };

const shortDay = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });
function dayTick(iso: string): string {
  return shortDay.format(new Date(`${iso}T00:00:00Z`));
}
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** A round step giving about `count` ticks over 0…max: 1, 2, 2.5 or 5 times a power of ten. */
export function niceTicks(max: number, want = 4): number[] {
  const top = max > 0 ? max : 1;
  const raw = top / want;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  // A little headroom, so a flat series or the peak never sits on the frame.
  const end = Math.ceil((top * 1.08) / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= end + step / 1000; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return ticks;
}

/** Which of n points get a date label: all of a few, else about four spread evenly, ends included. */
function labelled(n: number, room: number): Set<number> {
  const fit = Math.max(2, Math.min(n, Math.floor(room / 64)));
  if (n <= fit) return new Set(Array.from({ length: n }, (_, i) => i));
  const picks = new Set<number>();
  for (let k = 0; k < Math.min(fit, 5); k++) picks.add(Math.round((k * (n - 1)) / (Math.min(fit, 5) - 1)));
  return picks;
}

/** The drawing's width follows its box, so text and strokes keep the page's sizes. */
function useWidth(): [{ current: HTMLDivElement | null }, number] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.round(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}

/** The frame every chart shares: gridlines and labels of the y ticks, and the x labels. */
function Axes(props: { width: number; ticks: number[]; y: (v: number) => number; format: (v: number) => string; xLabels: [number, string][]; children: ComponentChildren }) {
  const right = props.width - PAD.right;
  const last = props.xLabels.length - 1;
  return (
    <>
      {props.ticks.map((t) => (
        <g key={t} class="tick">
          <line x1={PAD.left} x2={right} y1={props.y(t)} y2={props.y(t)} class={t === 0 ? 'axis' : 'grid'} />
          <text x={PAD.left - 6} y={props.y(t)} dy="0.32em" text-anchor="end">
            {props.format(t)}
          </text>
        </g>
      ))}
      {props.children}
      {props.xLabels.map(([x, label], i) => (
        <text key={label + i} class="xlabel" x={x} y={HEIGHT - 6} text-anchor={last > 0 && i === 0 ? 'start' : i === last && last > 0 ? 'end' : 'middle'}>
          {label}
        </text>
      ))}
    </>
  );
}


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
  const [box, width] = useWidth();
  const days = [...props.performances].reverse();
  if (days.length === 0) return <p>No day has been scored yet: the chart starts after the first one.</p>;
  const ticks = niceTicks(Math.max(...days.map((d) => d.points)));
  const top = ticks[ticks.length - 1];
  const plot = width - PAD.left - PAD.right;
  const y = (v: number) => PAD.top + (1 - v / top) * (HEIGHT - PAD.top - PAD.bottom);
  const slot = plot / days.length;
  // A bar is a bar, never a block: at most 28 px wide, with air between.
  const bar = Math.max(2, Math.min(28, slot * 0.6));
  const centre = (i: number) => PAD.left + slot * (i + 0.5);
  const picks = labelled(days.length, plot);
  const total = days.reduce((sum, d) => sum + d.points, 0);
  const best = days.reduce((a, b) => (b.points > a.points ? b : a));
  const caption =
    days.length === 1
      ? `Points per day: ${points(days[0].points)} on ${day(days[0].date)}, the only scored day so far.`
      : `Points per day over ${days.length} scored days, ${day(days[0].date)} to ${day(days[days.length - 1].date)}: ` +
        `${points(total)} in all, best ${points(best.points)} on ${day(best.date)}, latest ${points(days[days.length - 1].points)}.`;
  return (
    <figure class="chart">
      <div ref={box} class="chart-box">
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="img" aria-labelledby="points-chart-caption">
          <Axes
            width={width}
            ticks={ticks}
            y={y}
            format={(v) => compact.format(v)}
            xLabels={days.flatMap((d, i) => (picks.has(i) ? [[centre(i), dayTick(d.date)] as [number, string]] : []))}
          >
            {days.map((d, i) => (
              <rect key={d.date} class="bar" x={(centre(i) - bar / 2).toFixed(1)} y={y(d.points).toFixed(1)} width={bar.toFixed(1)} height={Math.max(0, y(0) - y(d.points)).toFixed(1)} />
            ))}
          </Axes>
        </svg>
      </div>
      <figcaption id="points-chart-caption">{caption}</figcaption>
      <FiguresTable caption="Points per day" head={['Day', 'Points']} rows={[...props.performances].map((d) => [day(d.date), points(d.points)])} />
    </figure>
  );
}

/** Daily pageviews as a solid line, the 30-day average as a dashed one. */
export function ViewsChart(props: { views: ArticlePage['views']; average: number | null }) {
  const [box, width] = useWidth();
  const series = props.views;
  if (series.length === 0) return <p>No daily pageviews are known yet.</p>;
  const average = props.average === null ? null : Math.round(props.average);
  const ticks = niceTicks(Math.max(average ?? 0, ...series.map((p) => p.views)));
  const top = ticks[ticks.length - 1];
  const plot = width - PAD.left - PAD.right;
  const y = (v: number) => PAD.top + (1 - v / top) * (HEIGHT - PAD.top - PAD.bottom);
  const x = (i: number) => PAD.left + (series.length > 1 ? (i * plot) / (series.length - 1) : plot / 2);
  const path = series.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.views).toFixed(1)}`).join(' ');
  const picks = labelled(series.length, plot);
  const first = series[0];
  const last = series[series.length - 1];
  const peak = series.reduce((a, b) => (b.views > a.views ? b : a));
  return (
    <figure class="chart">
      <div ref={box} class="chart-box">
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="img" aria-labelledby="views-chart-caption">
          <Axes
            width={width}
            ticks={ticks}
            y={y}
            format={(v) => compact.format(v)}
            xLabels={series.flatMap((p, i) => (picks.has(i) ? [[x(i), dayTick(p.date)] as [number, string]] : []))}
          >
            {average !== null && <line x1={PAD.left} x2={width - PAD.right} y1={y(average)} y2={y(average)} class="average" />}
            <path d={path} class="line" fill="none" />
            {series.length === 1 && <circle cx={x(0)} cy={y(first.views)} r="4" class="dot" />}
          </Axes>
        </svg>
      </div>
      <figcaption id="views-chart-caption">
        Daily pageviews from {day(first.date)} to {day(last.date)} (solid line): {count(last.views)} on the last day, peak {count(peak.views)} on{' '}
        {day(peak.date)}.
        {average !== null && ` The dashed line is the 30-day average, ${count(average)} a day.`}
      </figcaption>
      <FiguresTable caption="Daily pageviews" head={['Day', 'Views']} rows={[...series].reverse().map((p) => [day(p.date), count(p.views)])} />
    </figure>
  );
}

/**
 * The points curve drawn from the scoring's own function: flat to 2,000 views, then a
 * point per doubling, straight past 150,000. `curve` maps views to points.
 */
export function PointsCurve(props: { curve: (views: number) => number; maxViews: number; labels: number[]; marks: number[] }) {
  const [box, width] = useWidth();
  const steps = 120;
  const xs = Array.from({ length: steps + 1 }, (_, i) => (i * props.maxViews) / steps);
  const ticks = niceTicks(props.curve(props.maxViews));
  const top = ticks[ticks.length - 1];
  const plot = width - PAD.left - PAD.right;
  const x = (v: number) => PAD.left + (v / props.maxViews) * plot;
  const y = (v: number) => PAD.top + (1 - v / top) * (HEIGHT - PAD.top - PAD.bottom);
  const path = xs.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(v).toFixed(1)},${y(props.curve(v)).toFixed(1)}`).join(' ');
  return (
    <figure class="chart">
      <div ref={box} class="chart-box">
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="img" aria-labelledby="curve-caption">
          <Axes width={width} ticks={ticks} y={y} format={(v) => compact.format(v)} xLabels={props.labels.map((v) => [x(v), compact.format(v)] as [number, string])}>
            <path d={path} class="line" fill="none" />
            {props.marks.map((v) => (
              <circle key={v} cx={x(v)} cy={y(props.curve(v))} r="4" class="dot" />
            ))}
          </Axes>
        </svg>
      </div>
      <figcaption id="curve-caption">
        Points for a day’s views, from 0 to {count(props.maxViews)} views: nothing up to 2,000, one more point for each doubling, then one point
        for every further 50,000 past 150,000. The table below gives the marked points.
      </figcaption>
    </figure>
  );
}
