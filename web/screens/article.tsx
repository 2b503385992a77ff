/** An article's page: its summary, the daily pageviews its price comes from, and the buy. */
import { useState } from 'preact/hooks';
import { api, type Contract } from '../api';
import { BuyPanel } from '../components/buy';
import { LeagueNav } from '../components/league-nav';
import { ViewsChart } from '../components/charts';
import { Loaded, Screen, count, credits, useLoad, leagueIsGone } from '../components/ui';

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
