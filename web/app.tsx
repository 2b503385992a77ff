/** The frame (header, navigation, main) and the table of screens. */
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import { waitingReads } from './busy-retry';
import { currentPath, match, mayLeave, navigate, queryParam } from './router';
import { forgetSession, hasSessionHint, refreshNotifications, rememberReturnTo, session, unreadCount } from './state';
import { AuthCallback, SignIn } from './screens/sign-in';
import { Home } from './screens/home';
import { Welcome } from './screens/welcome';
import { PublicLeagues } from './screens/public-leagues';
import { FoundLeague } from './screens/found-league';
import { JoinByLink } from './screens/join';
import { LeagueHome } from './screens/league-home';
import { TeamLineupScreen } from './screens/team-lineup';
import { Market } from './screens/market';
import { ArticleScreen } from './screens/article';
import { Contracts } from './screens/contracts';
import { LineupEditor } from './screens/lineup-editor';
import { Inbox } from './screens/inbox';
import { ReportScreen } from './screens/report';
import { FixturesScreen } from './screens/fixtures';
import { MatchupScreen } from './screens/matchup';
import { HistoryScreen } from './screens/history';
import { ActivityScreen } from './screens/activity';
import { HowToPlay } from './screens/how-to-play';
import { NotificationSettings } from './screens/notification-settings';
import { Account } from './screens/account';
import { Failed, NotFound, errorCode } from './components/ui';

type Route = [pattern: string, render: (params: Record<string, string>) => preact.JSX.Element, signedIn: boolean];

const ROUTES: Route[] = [
  ['/signin', () => <SignIn />, false],
  ['/auth/callback', () => <AuthCallback />, false],
  ['/home', () => <Home />, true],
  ['/welcome', () => <Welcome />, true],
  ['/inbox', () => <Inbox />, true],
  ['/report', () => <ReportScreen />, true],
  ['/notification-settings', () => <NotificationSettings />, true],
  ['/account', () => <Account />, true],
  ['/leagues', () => <Home />, true],
  ['/leagues/public', () => <PublicLeagues />, true],
  ['/leagues/new', () => <FoundLeague />, true],
  ['/join/:code', (p) => <JoinByLink code={p.code} />, true],
  ['/leagues/:id', (p) => <LeagueHome id={p.id} />, true],
  ['/leagues/:id/teams/:teamId', (p) => <TeamLineupScreen id={p.id} teamId={p.teamId} />, true],
  ['/leagues/:id/market', (p) => <Market id={p.id} />, true],
  ['/leagues/:id/articles/:articleId', (p) => <ArticleScreen id={p.id} articleId={p.articleId} />, true],
  ['/leagues/:id/contracts', (p) => <Contracts id={p.id} />, true],
  ['/leagues/:id/lineup', (p) => <LineupEditor id={p.id} />, true],
  ['/leagues/:id/fixtures', (p) => <FixturesScreen id={p.id} />, true],
  ['/leagues/:id/matchup', (p) => <MatchupScreen id={p.id} />, true],
  ['/leagues/:id/history', (p) => <HistoryScreen id={p.id} />, true],
  ['/leagues/:id/activity', (p) => <ActivityScreen id={p.id} />, true],
  ['/how-to-play', () => <HowToPlay />, false],
];

function resolve(path: string): { element: preact.JSX.Element; signedIn: boolean; key: string } {
  if (path === '/') return { element: <></>, signedIn: true, key: '/' };
  for (const [pattern, render, signedIn] of ROUTES) {
    const params = match(pattern, path);
    if (params) return { element: render(params), signedIn, key: path };
  }
  return { element: <NotFound />, signedIn: false, key: path };
}

function Header() {
  const signedIn = session.value !== null;
  const signOut = async () => {
    if (!mayLeave()) return;
    try {
      await api.signOut();
    } catch {
      // Signing out only expires the cookie; forgetting it here is what matters to the player.
    }
    forgetSession();
    navigate('/signin', { force: true });
  };
  const unread = unreadCount.value;
  return (
    <header class="top">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <a class="brand" href={signedIn ? '/home' : '/signin'}>
        <span aria-hidden="true">📚</span> Article Fantasy League
      </a>
      {signedIn && (
        <nav aria-label="Main">
          <ul>
            <li>
              <a href="/home" aria-current={currentPath.value === '/home' ? 'page' : undefined}>
                Leagues
              </a>
            </li>
            <li>
              <a href="/inbox" aria-current={currentPath.value === '/inbox' ? 'page' : undefined}>
                In-box{unread > 0 && <span class="badge"> {unread} unread</span>}
              </a>
            </li>
            <li>
              <a href="/account" aria-current={currentPath.value === '/account' ? 'page' : undefined}>
                Account
              </a>
            </li>
            <li>
              <button type="button" class="link" onClick={signOut}>
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}

/** While the service is too busy to answer, the screen says it is waiting rather than standing blank. */
function BusyNotice() {
  const waiting = waitingReads.value > 0;
  return (
    <p class={waiting ? 'warning busy' : 'busy'} role="status">
      {waiting ? 'The server is busy right now. Trying again in a moment…' : ''}
    </p>
  );
}

export function App() {
  const path = currentPath.value;
  const route = resolve(path);
  const needsSession = route.signedIn && session.value === null;
  const [sessionFailed, setSessionFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!needsSession) return;
    if (!hasSessionHint()) {
      // Nobody signed in on this browser: straight to the sign-in form, remembering the page.
      if (path !== '/') rememberReturnTo(path + location.search);
      // A failed identity-provider sign-in lands on /home?error=auth_failed: say so on the form.
      navigate(queryParam('error') === 'auth_failed' ? '/signin?error=auth_failed' : '/signin', { replace: true, force: true });
      return;
    }
    setSessionFailed(null);
    api.session().then(
      (who) => {
        session.value = who;
        // The unread badge is a hint: asked once the screen's own reads have had their turn,
        // so on a fresh load it does not queue in front of them.
        setTimeout(() => void refreshNotifications(), 1_000);
      },
      (error: unknown) => {
        // A 401 has already sent the player to sign-in; anything else gets a retry.
        if (errorCode(error) !== 'UNAUTHORIZED') setSessionFailed(errorCode(error));
      },
    );
  }, [needsSession, path, attempt]);

  useEffect(() => {
    if (path === '/' && session.value !== null) navigate('/home', { replace: true });
  }, [path, session.value]);

  // With a session hint the screen starts its own reads beside the session check instead of
  // after it (one round trip less on every fresh load); a lapsed session still lands on sign-in
  // through the first 401, whichever request meets it.
  const waitForSession = needsSession && (!hasSessionHint() || sessionFailed !== null);

  return (
    <>
      <Header />
      <main id="main">
        <BusyNotice />
        {waitForSession ? (
          sessionFailed ? (
            <Failed what="your session" code={sessionFailed} retry={() => setAttempt((a) => a + 1)} />
          ) : (
            <p class="loading" role="status">
              Checking your session…
            </p>
          )
        ) : (
          <div key={route.key}>{route.element}</div>
        )}
      </main>
      {session.value !== null && path !== '/report' && (
        <footer class="site-footer">
          <a href="/how-to-play">How to play</a> · <a href={`/report?from=${encodeURIComponent(path)}`}>Report a problem</a>
        </footer>
      )}
    </>
  );
}
