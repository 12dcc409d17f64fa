/** writeRecordBeside: a game whose save could not be written goes to a new file, never over another. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECORD_FORMAT, whyNotWritten, writeRecord, writeRecordBeside, type GameRecord } from '../../src/engine/record.js';

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

test('writeRecord names a folder in the way as a folder (it said "exists and is not a Muster record")', () => {
  const dir = mkdtempSync(join(tmpdir(), 'muster-write-'));
  mkdirSync(join(dir, 'a-folder.json'));
  expect(() => writeRecord(join(dir, 'a-folder.json'), record, '')).toThrow(/a-folder\.json is a folder, not a file$/);
});

test('writeRecord with `held`: a record there that `held` refuses is kept, the reason said; one it takes is written over', () => {
  const dir = mkdtempSync(join(tmpdir(), 'muster-write-'));
  const file = join(dir, 'save.json');
  writeRecord(file, { ...record, seed: 'other' });
  expect(() => writeRecord(file, record, '', (there) => (there.seed === 'other' ? 'another seed' : undefined))).toThrow(
    /save\.json holds another game \(another seed\); not overwriting it$/,
  );
  expect(JSON.parse(readFileSync(file, 'utf8')).seed).toBe('other');
  writeRecord(file, record, '', () => undefined);
  expect(JSON.parse(readFileSync(file, 'utf8')).seed).toBe('s');
});

test('why a file could not be written: the file itself when it is there ("not allowed to replace"), else its folder, "." said as the current folder (a newcomer read "in ..")', () => {
  const denied = Object.assign(new Error('EPERM'), { code: 'EPERM' });
  const dir = mkdtempSync(join(tmpdir(), 'muster-write-'));
  writeFileSync(join(dir, 'there.json'), '{}');
  expect(whyNotWritten(join(dir, 'there.json'), denied)).toMatch(/^not allowed to replace .*there\.json$/);
  expect(whyNotWritten('not-there-at-all.json', denied)).toBe('not allowed to write in the current folder');
});
