/** Screen 1: sign in or create an account with a username and password; the sign-in landing. */

/**
 * The shortest password the app lets a new account choose. The interface's API sets no
 * minimum (and keeps accepting any); this is the project's own floor, after NIST SP 800-63B's
 * eight characters for a password a person chooses.
 */
export const NEW_PASSWORD_MIN = 8;
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { Failed, Refusal, Screen, errorCode, useAction } from '../components/ui';
import { SecretInput } from '../components/secret-input';
import { navigate, queryParam } from '../router';
import { pendingInvitation, refreshNotifications, rememberSignedIn, takeReturnTo, type PendingInvitation } from '../state';
import type { SignInMethods } from '../../src/features/auth/wire';

async function landSignedIn(isNew: boolean): Promise<void> {
  rememberSignedIn(await api.session());
  void refreshNotifications();
  const back = takeReturnTo();
  // A new account opened by an invitation goes to that league's join screen, not the welcome.
  const invited = back !== null && back.startsWith('/join/');
  navigate(isNew && !invited ? '/welcome' : (back ?? '/home'), { replace: true });
}

/** The invitation that brought the visitor here, named, so signing in or up does not seem to lose it. */
function Invitation(props: { invitation: PendingInvitation }) {
  const { code, league } = props.invitation;
  return (
    <section class="card invitation" aria-labelledby="invitation-heading">
      <h2 id="invitation-heading">{league ? `You are invited to ${league}` : 'You are invited to a league'}</h2>
      <p>
        Invitation code <strong class="code">{code}</strong>. Sign in, or create an account if you are new: you come straight back to join{' '}
        {league ?? 'the league'} with this code filled in.
      </p>
    </section>
  );
}

/**
 * The service accepts sign-ins only from its configured frontend address; opened under
 * another name (127.0.0.1 for localhost), the player is pointed at the right one.
 */
function RightAddress() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    fetch('/', { headers: { accept: 'application/json' } })
      .then((r) => r.json() as Promise<{ resolved_url?: unknown }>)
      .then((body) => typeof body.resolved_url === 'string' && setUrl(body.resolved_url), () => {});
  }, []);
  if (!url || new URL(url).origin === location.origin) return null;
  return (
    <p>
      This league is hosted at <a href={`${url.replace(/\/+$/, '')}/signin`}>{url}</a>: sign in there.
    </p>
  );
}

export function SignIn() {
  const [mode, setMode] = useState<'signin' | 'create'>('signin');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { busy, refusal, setRefusal, run } = useAction();
  const [short, setShort] = useState(false);
  // typed on a phone, a password is easy to get wrong unseen (NIST SP 800-63B: offer to show it)
  const [shown, setShown] = useState(false);
  const creating = mode === 'create';
  const invitation = pendingInvitation();
  // Password sign-in is the default; the identity provider is offered once the server says it
  // is configured, and the password form goes where password sign-in is switched off.
  const [methods, setMethods] = useState<SignInMethods>({ password: true, identityProvider: false });
  useEffect(() => {
    api.signInMethods().then(setMethods, () => undefined);
  }, []);
  // A refusal belongs to the form that met it: switching forms starts clean.
  const switchTo = (next: 'signin' | 'create') => {
    setMode(next);
    setRefusal(null);
  };

  const submit = (event: Event) => {
    // A new password meets the project's minimum, said in words beside the field (signing in
    // takes any: the interface sets no minimum, and older accounts may have shorter ones).
    if (creating && password.length < NEW_PASSWORD_MIN) {
      event.preventDefault();
      setShort(true);
      return;
    }
    setShort(false);
    event.preventDefault();
    void run(async () => {
      const result = creating ? await api.register(username, password) : await api.login(username, password);
      await landSignedIn(result.isNew);
    });
  };

  return (
    <Screen title={creating ? 'Create an account' : 'Sign in'}>
      {invitation && <Invitation invitation={invitation} />}
      <p class="intro">
        Buy encyclopedia articles, field them in a line-up, and score points when people read them. <a href="/how-to-play">How to play</a>
      </p>
      {queryParam('error') === 'auth_failed' && (
        <p class="refusal" role="alert">
          <span aria-hidden="true">⚠ </span>Signing in with your outside account did not work. Try again{methods.password ? ', or use a username and password' : ''}.
        </p>
      )}
      {methods.password && (
        <>
          <div class="segmented" role="group" aria-label="What do you want to do?">
            <button type="button" aria-pressed={!creating} onClick={() => switchTo('signin')}>
              I have an account
            </button>
            <button type="button" aria-pressed={creating} onClick={() => switchTo('create')}>
              I am new here
            </button>
          </div>
          <form class="card stack" onSubmit={submit}>
            <label>
              Username
              <input
                name="username"
                autoComplete="username"
                required
                minLength={3}
                maxLength={30}
                pattern="[A-Za-z0-9_\-]+"
                value={username}
                onInput={(e) => setUsername(e.currentTarget.value)}
                aria-describedby="username-hint"
              />
            </label>
            <p id="username-hint" class="hint">
              3 to 30 letters, digits, hyphens or underscores.
            </p>
            <label>
              Password
              <SecretInput
                shown={shown}
                name="password"
                autoComplete={creating ? 'new-password' : 'current-password'}
                describedBy={creating ? 'password-hint' : undefined}
                value={password}
                onValue={setPassword}
              />
            </label>
            {creating && (
              <p id="password-hint" class="hint">
                At least {NEW_PASSWORD_MIN} characters. Your account holds your teams, and a short password is guessed in minutes by
                anyone who tries; a few words in a row are easy to remember and hard to guess.
              </p>
            )}
            <label class="choice">
              <input type="checkbox" checked={shown} onChange={(e) => setShown(e.currentTarget.checked)} />
              Show password
            </label>
            {short && creating && (
              <p class="refusal" role="alert">
                <span aria-hidden="true">⚠ </span>That password is shorter than {NEW_PASSWORD_MIN} characters: choose a longer one.
              </p>
            )}
            <Refusal code={refusal} />
            {refusal === 'FORBIDDEN_ORIGIN' && <RightAddress />}
            {!creating && (
              <p class="hint">Forgot your password? Whoever runs this league server can give you a new one.</p>
            )}
            <button type="submit" class="primary" disabled={busy}>
              {creating ? 'Create account' : 'Sign in'}
            </button>
          </form>
        </>
      )}
      {methods.identityProvider && (
        <p class="stack">
          {methods.password && <span>Or use an account you already have:</span>}
          {/* /auth/ links leave the app: the round trip comes back to /auth/callback, and the
              invitation waits in this tab's session storage meanwhile. */}
          <a class={methods.password ? 'button' : 'button primary'} href="/auth/idp">
            Continue with single sign-on
          </a>
        </p>
      )}
    </Screen>
  );
}

/** Where every browser sign-in flow lands (`/auth/callback`, `?new=1` for a first sign-in). */
export function AuthCallback() {
  const [failed, setFailed] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    landSignedIn(queryParam('new') === '1').catch((error: unknown) => setFailed(errorCode(error)));
  }, [round]);
  return (
    <Screen title="Signing you in">
      {failed ? (
        <Failed what="your session" code={failed} retry={() => setRound((r) => r + 1)} />
      ) : (
        <p role="status">Signing you in…</p>
      )}
    </Screen>
  );
}
