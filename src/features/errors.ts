/** The server's message of a failed call, when it has one. */
export function errorMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return undefined;
}

/**
 * What to tell someone whose form was not accepted: the server's own words for a refusal they can
 * act on (a 4xx: "email: Invalid email address", "Too many requests: try again in 60 seconds"),
 * otherwise (offline, server trouble) the form's fallback.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500 ? (errorMessage(error) ?? fallback) : fallback;
}
