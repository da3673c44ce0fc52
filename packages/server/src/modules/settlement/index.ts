// What the settlement module offers the rest of the server (decision 0019): its routes, its close job, and a close
// itself for the demo seed (db/seed/settlement.ts).
export { default as settlementRoutes } from './routes.js';
export { closeBatch, settlementCloseJob } from './close.js';
