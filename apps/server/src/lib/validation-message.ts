/** What a caller reads for a request that failed its schema: the field, when the message needs it. */
export function validationMessage(
  issue: { path?: readonly PropertyKey[]; instancePath?: string; message?: string } | undefined,
): string {
  const field =
    issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ??
    issue?.path?.map(String).join('.');
  const message = issue?.message ?? 'Invalid request.';
  const text = message.endsWith('.') ? message : `${message}.`;
  return field && !/^[A-Z]/.test(message) ? `${field}: ${text}` : text;
}
