/**
 * A file a request carried (a game build's zip), received by a transport (server/http/uploads.ts)
 * for an operation. Only a transport makes one: an operation's input
 * schema takes it with z.instanceof, so no JSON a client sends can name a file on the server.
 */
export class UploadedFile {
  constructor(
    readonly path: string,
    readonly size: number,
    /** The name the client gave (multipart), if any: for messages only. */
    readonly name: string | null,
  ) {}
}
