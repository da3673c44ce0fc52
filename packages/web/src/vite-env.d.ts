/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Support address shown on the welcome page; set at build time (README: VITE_SUPPORT_EMAIL). */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
