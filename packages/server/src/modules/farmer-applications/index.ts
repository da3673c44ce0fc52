// What the farmer-applications module offers the rest of the server (decision 0019): its scheduled expunge job.
export { farmerApplicationExpungeJob } from './expunge.js';
