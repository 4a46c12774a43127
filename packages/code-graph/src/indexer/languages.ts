import { COMPONENT_FILE, componentScript, type LanguageId, languageOf } from '@boocode/source-kit';

/**
 * The language the index reads a file as: its own, or TypeScript for a Vue or Svelte component,
 * whose scripts are read where they stand (TypeScript's grammar reads plain JavaScript too).
 */
export const indexedLanguageOf = (rel: string): LanguageId | undefined =>
  languageOf(rel) ?? (COMPONENT_FILE.test(rel) ? 'typescript' : undefined);

/** The text the index parses a file as: a component's scripts where they stand, any other file whole. */
export const indexedText = (rel: string, text: string): string =>
  COMPONENT_FILE.test(rel) ? componentScript(text) : text;
