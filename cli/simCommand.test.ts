import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliArgs, parseArgs, runScenarioText } from './run.ts';
import { buildSim, requireSimCommand, simCommand } from './simCommand.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const seedFile = fileURLToPath(new URL('../src/scenario/presets/seed.yaml', import.meta.url));

describe('simCommand', () => {
  it.each([
    ['node --max-semi-space-size=4 --heap-growing-percent=50 scripts/sim.mjs', { flags: ['--max-semi-space-size=4', '--heap-growing-percent=50'], script: 'scripts/sim.mjs' }],
    ['node scripts/sim.mjs', { flags: [], script: 'scripts/sim.mjs' }],
    ['tsx cli/sim.ts', null],
    ['node', null],
  ])('reads %j', (sim, expected) => {
    const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-simcommand-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { sim } }));
    expect(simCommand(dir)).toEqual(expected && { ...expected, script: join(dir, expected.script) });
  });
});

describe('npm run sim', () => {
  const cmd = requireSimCommand(root);
  beforeAll(() => buildSim(cmd), 120_000);

  // The bundle is made by Vite's transform, the tests run under vitest's: the same bytes either way.
  it.each(['json', 'watch', 'summary', 'status'])('prints for --output %s the bytes runScenarioText gives', async (output) => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...cmd.flags, cmd.script, seedFile, '--output', output], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    const args = parseArgs([seedFile, '--output', output]) as CliArgs;
    const expected = runScenarioText(readFileSync(seedFile, 'utf8'), args);
    expect(stderr).toBe('');
    expect(stdout).toBe(`${expected.stdout.join('\n')}\n`);
  }, 60_000);

  it('reads Kubernetes manifests from standard input (`-`) and says what it made of them on stderr', async () => {
    const manifests = [
      'apiVersion: v1\nkind: Service\nmetadata: { name: nginx }\nspec: { clusterIP: None, selector: { app: nginx }, ports: [{ port: 80 }] }',
      'apiVersion: apps/v1\nkind: StatefulSet\nmetadata: { name: web }\nspec:\n  serviceName: nginx\n  replicas: 2\n  selector: { matchLabels: { app: nginx } }\n  template:\n    metadata: { labels: { app: nginx } }\n    spec: { containers: [{ name: nginx, image: "nginx:1.25" }] }',
    ].join('\n---\n');
    const child = spawn(process.execPath, [...cmd.flags, cmd.script, '-', '--output', 'status'], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.stdin.end(manifests);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code).toBe(0);
    expect(stderr).toBe('note: read standard input as Kubernetes manifests, run on the default cluster with no actions: service/nginx created, statefulset.apps/web created\n');
    // The StatefulSet's list, though the file opens with its Service.
    expect(stdout).toContain('NAME   READY   AGE\nweb    2/2');
  }, 60_000);
});
