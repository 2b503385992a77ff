import './styles.css';
import { render } from 'preact';
import { App } from './app';
import { whenUnauthorized } from './api';
import { startRouter } from './router';
import { sendToSignIn } from './state';

whenUnauthorized(sendToSignIn);
startRouter();
const root = document.getElementById('app')!;
// The shell's loading line is static HTML: the app replaces it rather than rendering after it.
root.textContent = '';
render(<App />, root);
