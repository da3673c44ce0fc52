// What the incentives module offers other modules (decision 0019: a module's index.ts is its only door): the
// transaction engine asks which incentives an account earns on a day (the demo seed plans with the same answer's shape).
export { activeEnrolments, type ActiveEnrolment } from './active-enrolments.js';
