import { startPageReads } from './lib/early-fetch';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's first reads leave now, from this small entry module, while the app's code is still arriving: the app
// is imported rather than a static import, which would hold this module until all of it had loaded and run
// (decision 0105). index.html preloads the app's chunks (build/screen-html.ts), so the import costs no round trip.
startPageReads(window.location.pathname);
void import('./app/start').then(({ startApp }) => startApp(root));
