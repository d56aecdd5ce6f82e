// Answers JSON requests, one a line on stdin, with the WebAssembly engine, one answer a line:
// the Node half of agrees_with_native.rs. Usage: node agree.mjs MODULE.wasm
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadEngine } from '../../oware-server/static/js/engine-wasm.js';

const engine = await loadEngine(readFileSync(process.argv[2]));
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === '') continue;
  process.stdout.write(engine.callText(line) + '\n');
}
