import './styles.css';
import { render } from 'preact';
import { App } from './app';
import { whenUnauthorized } from './api';
import { startRouter } from './router';
import { sendToSignIn } from './state';

whenUnauthorized(sendToSignIn);
startRouter();
render(<App />, document.getElementById('app')!);
