import { Transform, type TransformCallback } from "node:stream";

/**
 * A pass-through stream that joins the chunks written in one turn of the event loop into one.
 * React's server renderer writes a page in hundreds of small pieces, and the response's
 * compression then ran once per piece: on the portal's empty page that was a sixth of the
 * server's CPU (decision 026). Joined, it runs once per turn. Nothing waits longer than the
 * current turn, so a part of the page that streams in later (a Suspense boundary) still goes
 * out as soon as it is written.
 */
export class CoalescedStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.release();
    done();
  }

  private release(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const joined = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.push(joined);
  }
}
