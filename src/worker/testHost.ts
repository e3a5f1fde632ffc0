/**
 * TestHost: a WorkerHost on a FakeEnv with the request helpers the host tests share (send, ok,
 * refused, start). One instance per test file, whose fields each test replaces through `fresh` or
 * `start`: an object, not module variables, since the node test project shares a worker's modules
 * between files (isolate: false).
 */
import { WorkerHost } from './host.ts';
import type { RequestBody } from './simClient.ts';
import { FakeEnv } from './testEnv.ts';

export class TestHost {
  env = new FakeEnv();
  host = new WorkerHost(this.env);
  private nextId = 1;

  /** fresh disposes of the host and makes a new one on a new environment, nothing loaded. */
  fresh(): void {
    this.host.dispose();
    this.env = new FakeEnv();
    this.host = new WorkerHost(this.env);
  }

  /** start is `fresh` with a preset loaded and the first 20 ms of its timers run. */
  start(presetId = 'seed'): void {
    this.fresh();
    this.ok({ type: 'loadPreset', presetId });
    this.env.advance(20);
  }

  /** send hands the host a request with the next id; returns the id. */
  send(body: RequestBody): number {
    const id = this.nextId++;
    this.host.handle({ ...body, id });
    return id;
  }

  /** ok sends a request and returns its result; throws the error of a refused one. */
  ok(body: RequestBody) {
    const r = this.env.reply(this.send(body));
    if (!r.ok) throw new Error(r.error);
    return r.result;
  }

  /** refused sends a request and returns its error; throws when it is accepted. */
  refused(body: RequestBody): string {
    const r = this.env.reply(this.send(body));
    if (r.ok) throw new Error('accepted');
    return r.error;
  }

  dispose(): void {
    this.host.dispose();
  }
}
