// Plays one match in a worker thread (TypeScript through tsx, as the search workers do) and posts its log.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { playAlone } = await import('./match.ts');
const { gameId, seed, plies, searching } = workerData;
parentPort.postMessage(playAlone(gameId, seed, plies, searching));
