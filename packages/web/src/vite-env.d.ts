/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Support address shown on the welcome page; set at build time (README: VITE_SUPPORT_EMAIL). */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Mantine's global styles, and in the build nothing more: each component brings its own (build/mantine-component-styles.ts). */
declare module 'virtual:mantine-styles' {}
