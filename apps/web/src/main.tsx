import { render } from 'preact';
import { App } from './app.tsx';
import './style.css';
import { startServiceWorker } from './pwa/update.ts';

render(<App />, document.getElementById('app') as HTMLElement);

// Installable and offline (src/pwa/). Under the development server this registers nothing (vite-plugin-pwa's stub).
startServiceWorker();
