// A value's type in words, for the entries' argument errors (builds, files and
// bulk, which import it), never a string's text.

/**
 * A value's type as a person names it in an error message: never a
 * string's text, which may be a secret (a token where an id belongs).
 */
export function kind(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number' || typeof value === 'bigint') return `the number ${value}`;
  return typeof value;
}

/** A value where one of a few strings belongs: "another string" (its text not shown), or its kind. */
export function otherThan(value) {
  return typeof value === 'string' ? 'another string' : kind(value);
}
