/**
 * For answers that are large and built only by our presenters (a song library,
 * a populated setlist): the zod schema still types the route, but validating
 * every line of every part again on the way out cost most of the request time.
 */
export const plainJsonSerializer = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
