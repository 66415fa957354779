/** Choices of a select or checkbox group from a list of values: each value's label is the value itself unless `name` says. */
export const choicesOf = (values: readonly string[], name: (value: string) => string = (value) => value) =>
  values.map((value) => ({ id: value, name: name(value) }));
