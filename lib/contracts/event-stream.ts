/** Writes one server-sent event with JSON data; false once the stream is closed. */
export type SendEvent = (event: string, data: unknown) => boolean;

/**
 * A server-sent event stream a service describes and the route kit serves (lib/http/sse.ts, which adds
 * the headers and heartbeats). `produce` writes the events; the stream ends when it settles. `signal`
 * aborts when the client disconnects, so the work can stop. `onClose` runs once when the stream ends
 * for any reason, told whether the client went away.
 */
export interface EventStream {
  produce(stream: { send: SendEvent; signal: AbortSignal }): Promise<void>;
  onClose?(end: { clientGone: boolean }): void | Promise<void>;
}
