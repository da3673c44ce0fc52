/** The dashboard's message of part 2 §8, word for word (a load failure shows the general error text, warning style). */
export const DASHBOARD_MESSAGES = {
  NO_BENEFIT_DATA: 'No benefit data available.',
} as const;
