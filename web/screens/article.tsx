/** An article's page: its summary, the daily pageviews its price comes from, and the buy. */
import { useState } from 'preact/hooks';
import { api, type ArticlePage, type Contract } from '../api';
import { BuyPanel } from '../components/buy';
import { LeagueNav } from '../components/league-nav';
import { ViewsChart } from '../components/charts';
import { Loaded, Screen, count, credits, points, useLoad, leagueIsGone } from '../components/ui';
import { POSITION_NAMES } from '../components/pitch';
import type { Position } from '../../src/domain/formations';

const dayMonth = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });
function shortDay(date: string): string {
  return dayMonth.format(new Date(`${date}T00:00:00Z`));
}

/** What the article scored for the player's team each scored day of the contract, newest first. */
function MyPoints(props: { days: NonNullable<ArticlePage['myPoints']> }) {
  const total = props.days.reduce((sum, d) => sum + d.points + d.chemistry, 0);
  return (
    <section aria-labelledby="my-points-heading">
      <h2 id="my-points-heading">What it scored for you</h2>
      {props.days.length === 0 ? (
        <p>No day of this contract has been scored yet: each day is scored at 05:00 UTC the next morning.</p>
      ) : (
        <>
          <p>
            {points(total)} points over {props.days.length === 1 ? '1 scored day' : `${props.days.length} scored days`}.
          </p>
          <div class="table-wrap">
            <table class="my-points">
              <caption class="visually-hidden">Points this article scored for your team, newest day first</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Where</th>
                  <th scope="col" class="num">
                    Points
                  </th>
                  <th scope="col" class="num">
                    Chemistry
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{shortDay(d.date)}</th>
                    <td>
                      {d.position === null ? 'Bench' : (POSITION_NAMES[d.position as Position] ?? d.position)}
                      <span class="sub">{d.views === null ? 'scores nothing' : `${count(d.views)} views`}</span>
                    </td>
                    <td class="num">{points(d.points)}</td>
                    <td class="num">{points(d.chemistry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export function ArticleScreen(props: { id: string; articleId: string }) {
  const [load, reload] = useLoad(async () => {
    const [article, team] = await Promise.all([api.article(props.id, props.articleId), api.myTeam(props.id)]);
    return { article, team };
  }, `${props.id}/${props.articleId}`);
  const [buying, setBuying] = useState(false);
  const [bought, setBought] = useState<Contract | null>(null);
  const title = load.status === 'ready' ? load.data.article.title : props.articleId.replaceAll('_', ' ');
  return (
    <Screen title={title}>
      {!leagueIsGone(load) && <LeagueNav id={props.id} />}
      <Loaded load={load} what="this article" retry={reload} leagueId={props.id}>
        {({ article, team }) => (
          <>
            {article.description && <p class="sub">{article.description}</p>}
            <p class="extract">{article.extract || 'The encyclopedia gives no summary for this article.'}</p>
            <ViewsChart views={article.views} average={article.averageViews30d} />
            <dl class="facts price-facts">
              <div>
                <dt>30-day average</dt>
                <dd>{article.averageViews30d === null ? '—' : `${count(Math.round(article.averageViews30d))} views a day`}</dd>
              </div>
              <div>
                <dt>Prices by term</dt>
                <dd class="prices">
                  {article.pending || !article.prices
                    ? "Pending: the encyclopedia's views are not in yet."
                    : `Short ${credits(article.prices.SHORT)} · Medium ${credits(article.prices.MEDIUM)} · Long ${credits(article.prices.LONG)}`}
                </dd>
              </div>
            </dl>
            {article.myPoints && <MyPoints days={article.myPoints} />}
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
                  onTaken={reload}
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
