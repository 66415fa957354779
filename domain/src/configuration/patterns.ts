import { RE2JS } from 're2js';

/**
 * A custom field's pattern runs in RE2's engine: its time grows with the value's length alone, whatever
 * the pattern (a JavaScript RegExp such as `(a+)+` backtracks for minutes on thirty characters). RE2
 * has no back-references nor look-arounds: a pattern that needs them is refused when it is saved.
 */
const compiled = new Map<string, RE2JS | null>();
/** Patterns are few (one per text field) but any Admin's attempt is compiled once: the cache is bounded. */
const MAX_COMPILED = 500;

function compile(pattern: string): RE2JS | null {
  let regex = compiled.get(pattern);
  if (regex !== undefined) return regex;
  try {
    regex = RE2JS.compile(pattern);
  } catch {
    regex = null;
  }
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(pattern, regex);
  return regex;
}

/** Whether RE2 can run the pattern. */
export const isLinearPattern = (pattern: string): boolean => compile(pattern) !== null;

/** Whether the whole value matches the pattern (false when RE2 cannot run it). */
export const matchesPattern = (pattern: string, value: string): boolean => compile(pattern)?.matches(value) ?? false;
