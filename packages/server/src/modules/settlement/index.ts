// What the settlement module offers the rest of the server (decision 0019): its routes and its close job.
export { default as settlementRoutes } from './routes.js';
export { settlementCloseJob } from './close.js';
