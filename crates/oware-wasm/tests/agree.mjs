// Answers JSON requests, one a line on stdin, with the WebAssembly engine, one answer a line:
// the Node half of agrees_with_native.rs. Usage: node agree.mjs MODULE.wasm
// A line `{"tables_dir": DIR, "rules": "abapa", "max": N}` gives the engine the table levels
// DIR/abapa-00.egdb … abapa-NN.egdb as the page's worker does (loadTables) and answers its answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { loadEngine } from '../../oware-server/static/js/engine-wasm.js';

const engine = await loadEngine(readFileSync(process.argv[2]));
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === '') continue;
  const tables = line.includes('"tables_dir"') ? JSON.parse(line) : null;
  if (tables) {
    const levels = [];
    for (let n = 0; n <= tables.max; n++) {
      levels.push(readFileSync(join(tables.tables_dir, `${tables.rules}-${String(n).padStart(2, '0')}.egdb`)));
    }
    process.stdout.write(JSON.stringify(engine.loadTables(tables.rules, levels)) + '\n');
    continue;
  }
  process.stdout.write(engine.callText(line) + '\n');
}
