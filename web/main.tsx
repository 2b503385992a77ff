import './styles.css';
import { render } from 'preact';
import { App } from './app';
import { whenUnauthorized } from './api';
import { navigate, startRouter } from './router';
import { followNotificationTaps } from './push';
import { sendToSignIn } from './state';

whenUnauthorized(sendToSignIn);
startRouter();
// a tapped notification opens its screen in this tab (the service worker asks)
followNotificationTaps((path) => navigate(path));
const root = document.getElementById('app')!;
// The shell's loading line is static HTML: the app replaces it rather than rendering after it.
root.textContent = '';
render(<App />, root);
