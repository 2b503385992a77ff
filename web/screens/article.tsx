/** An article's page: its summary, the daily pageviews its price comes from, and the buy. */
import { useState } from 'preact/hooks';
import { api, type ArticlePage, type ContractView } from '../api';
import { BuyPanel } from '../components/buy';
import { LeagueNav } from '../components/league-nav';
import { Loaded, Screen, count, credits, day, useLoad } from '../components/ui';

function ViewsChart(props: { views: ArticlePage['views'] }) {
  const points = props.views;
  if (points.length === 0) return <p>No daily pageviews are known yet.</p>;
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...points.map((p) => p.views));
  const step = points.length > 1 ? width / (points.length - 1) : width;
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${(height - (p.views / max) * height).toFixed(1)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  const peak = points.reduce((a, b) => (b.views > a.views ? b : a));
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="chart-caption" preserveAspectRatio="none">
        <path d={path} class="line" fill="none" />
      </svg>
      <figcaption id="chart-caption">
        Daily pageviews from {day(first.date)} to {day(last.date)}: {count(last.views)} on the last day, peak {count(peak.views)} on{' '}
        {day(peak.date)}.
      </figcaption>
    </figure>
  );
}

export function ArticleScreen(props: { id: string; articleId: string }) {
  const [load, reload] = useLoad(async () => {
    const [article, team] = await Promise.all([api.article(props.id, props.articleId), api.myTeam(props.id)]);
    return { article, team };
  }, `${props.id}/${props.articleId}`);
  const [buying, setBuying] = useState(false);
  const [bought, setBought] = useState<ContractView | null>(null);
  const title = load.status === 'ready' ? load.data.article.title : props.articleId.replaceAll('_', ' ');
  return (
    <Screen title={title}>
      <LeagueNav id={props.id} />
      <Loaded load={load} what="this article" retry={reload}>
        {({ article, team }) => (
          <>
            {article.description && <p class="sub">{article.description}</p>}
            <p class="extract">{article.extract || 'The encyclopedia gives no summary for this article.'}</p>
            <ViewsChart views={article.views} />
            <p>
              Average {article.averageViews30d === null ? '—' : count(Math.round(article.averageViews30d))} views a day over 30 days.
            </p>
            {article.pending || !article.prices ? (
              <p>Price pending: the encyclopedia's views are not in yet.</p>
            ) : (
              <p class="prices">
                Short {credits(article.prices.SHORT)} · Medium {credits(article.prices.MEDIUM)} · Long {credits(article.prices.LONG)}
              </p>
            )}
            {bought ? (
              <div class="done card" role="status">
                <p>
                  <span aria-hidden="true">✓ </span>Bought for {credits(bought.purchasePrice)}.
                </p>
                <a class="button primary" href={`/leagues/${encodeURIComponent(props.id)}/lineup`}>
                  Field it in your line-up
                </a>
              </div>
            ) : article.availability === 'free-agent' && article.prices && !article.pending ? (
              buying ? (
                <BuyPanel
                  leagueId={props.id}
                  article={article}
                  prices={article.prices}
                  creditsLeft={team.credits}
                  onCancel={() => setBuying(false)}
                  onBought={setBought}
                />
              ) : (
                <button type="button" class="primary" onClick={() => setBuying(true)}>
                  Buy {article.title}…
                </button>
              )
            ) : (
              <p>
                {article.availability === 'owned-by-viewer'
                  ? '✓ You hold a contract on this article.'
                  : `Held by ${article.owner ? article.owner.teamName : 'another team'}.`}
              </p>
            )}
          </>
        )}
      </Loaded>
    </Screen>
  );
}
