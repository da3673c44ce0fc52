/** The provider's support address (A§1), set at build time; the README names the default. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@marketlink.example';
