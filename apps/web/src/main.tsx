import { render } from 'preact';
import { App } from './app.tsx';
import './style.css';
import { startServiceWorker } from './pwa/update.ts';

render(<App />, document.getElementById('app') as HTMLElement);

// Installable and offline (src/pwa/): not under the development server, whose files change on every edit.
if (import.meta.env.PROD) startServiceWorker();
