/** writeRecordBeside: a game whose save could not be written goes to a new file, never over another. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECORD_FORMAT, writeRecordBeside, type GameRecord } from '../../src/engine/record.js';

const record: GameRecord = {
  format: RECORD_FORMAT,
  game: 'irish-freedom',
  rulesHash: 'sha256:' + '0'.repeat(64),
  seed: 's',
  options: {},
  dice: 'seeded',
  choices: ['a'],
};

test('numbered beside the save, past every name taken (a file, or a lock of a save being played)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'muster-beside-'));
  writeFileSync(join(dir, 'g-2.muster.json'), 'mine');
  writeFileSync(join(dir, 'g-3.muster.json.lock'), '{}');
  const where = writeRecordBeside(join(dir, 'g.muster.json'), record);
  expect(where).toBe(join(dir, 'g-4.muster.json'));
  expect(JSON.parse(readFileSync(where, 'utf8'))).toEqual(record);
  expect(readFileSync(join(dir, 'g-2.muster.json'), 'utf8')).toBe('mine');
});
