/**
 * The game at a real terminal: bin/muster run in a pseudo-terminal (python3's pty module,
 * tests/cli/pty-drive.py), typed into as a person types.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import stripAnsi from 'strip-ansi';

const BIN = resolve('bin/muster');
const DRIVE = resolve('tests/cli/pty-drive.py');
const dir = mkdtempSync(join(tmpdir(), 'muster-tty-'));

type Step =
  | { wait: string; timeout?: number }
  | { send: string }
  | { sleep: number }
  | { until: string; press: string }
  | { resize: [number, number] }
  | { write: string; text: string }
  | { copy: string; to: string };

/** Runs muster in a terminal of rows x cols and plays `steps`. */
function atTerminal(args: string[], steps: Step[], size = [24, 80], stdoutFile?: string) {
  const r = spawnSync(
    'python3',
    [
      DRIVE,
      String(size[0]),
      String(size[1]),
      ...(stdoutFile ? ['--stdout-file', join(dir, stdoutFile)] : []),
      '--',
      process.execPath,
      BIN,
      ...args,
    ],
    {
      cwd: dir,
      input: JSON.stringify(steps),
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  if (r.status !== 0) throw new Error(`pty-drive failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { code: number | null; output: string; timedOut: string | null };
}
const record = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

describe('input that cannot lie', () => {
  test('an option number + Enter typed in one burst picks exactly that option (Irish Freedom, seed 7)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'burst-if.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { send: '3\r' },
        { wait: 'action 2 of 2' },
        // The start of an option's text + Enter, in one burst.
        { send: 'Recruit in Kerry\r' },
        { until: 'you may upgrade', press: ' ' },
        { send: 'quit\r' },
        { wait: 'Saved in burst-if.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(record('burst-if.json').choices.slice(0, 2)).toEqual(['upgrade u12', 'recruit-guerrilla kerry']);
  });

  test('the same in the card game: 2 + Enter in one burst plays the second card', () => {
    const r = atTerminal(
      ['play', 'english-civil-war', '--seed', '7', '--save', 'burst-ecw.json'],
      [
        { wait: 'lay muster events' },
        { send: '2\r' },
        { wait: 'hand 7' },
        { wait: 'lay muster events' },
        { send: 'quit\r' },
        { wait: 'Saved in burst-ecw.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    // c49 is Confiscated Land (option 2), c47 Ports (option 1: card-list order); the Royalist bot's choices are in the record too.
    expect(record('burst-ecw.json').choices.filter((c: string) => c === 'play c47' || c === 'play c49')).toEqual(['play c49']);
  });

  test('two answers typed in one burst answer two prompts: the keys after the first Enter wait for the next prompt', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'ahead-if.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        // Option 3, then (typed ahead of action 2's prompt) the start of an option's text.
        { send: '3\rRecruit in Kerry\r' },
        { until: 'you may upgrade', press: ' ' },
        { send: 'quit\r' },
        { wait: 'Saved in ahead-if.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(record('ahead-if.json').choices.slice(0, 2)).toEqual(['upgrade u12', 'recruit-guerrilla kerry']);
  });

  test('hot-seat: keys typed ahead never cross a hand-over (the other player answers their own screens)', () => {
    const r = atTerminal(
      ['play', 'english-civil-war', '--vs', 'human', '--seed', '7', '--save', 'ahead-hot.json'],
      [
        { wait: 'Parliament: press a key when you have the keyboard' },
        { send: ' ' },
        { wait: 'hand the keyboard to Royalist -' },
        { send: ' ' },
        { wait: 'Royalist: press a key when you have the keyboard' },
        { send: ' ' },
        { until: 'lay muster events', press: ' ' },
        // Mobilize, then keys for a Royalist decision that does not come: the hand-over forgets them.
        { send: '1\r1\r' },
        { wait: 'hand the keyboard to Parliament -' },
        { sleep: 1 },
        // One key leaves the Royalist's screen; the second must not pass Parliament's.
        { send: '  ' },
        { wait: 'Parliament: press a key when you have the keyboard' },
        { sleep: 1 },
        { send: '\x03' },
        { wait: 'Stopped' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(130);
    const out = stripAnsi(r.output);
    const left = out.lastIndexOf('hand the keyboard to Parliament -');
    const gate = out.lastIndexOf('Parliament: press a key when you have the keyboard');
    // The Royalist's screen waited for the key sent after it showed; Parliament's waited for a key of its own.
    expect(left).toBeGreaterThan(out.indexOf('lay muster events'));
    expect(gate).toBeGreaterThan(left);
    expect(out.slice(gate)).not.toMatch(/Show table|lay muster events/);
    expect(record('ahead-hot.json').choices.filter((c: string) => c.startsWith('play'))).toEqual(['play c51']);
  });

  test("hot-seat: Quit and Ctrl-C clear the deciding player's hand off the screen before the exit message; against a bot it stays", () => {
    // A newcomer quit a hot-seat game: the next person at the keyboard read the Royalist's hand under "Saved in".
    const gates = [
      { wait: 'Parliament: press a key when you have the keyboard' },
      { send: ' ' },
      { wait: 'hand the keyboard to Royalist -' },
      { send: ' ' },
      { wait: 'Royalist: press a key when you have the keyboard' },
      { send: ' ' },
      { until: 'lay muster events', press: ' ' },
    ];
    for (const [key, message, code] of [
      ['quit\r', 'Saved in quit-hot.json', 0],
      ['\x03', 'Stopped. The game is saved in quit-hot.json', 130],
      ['\x04', 'Stopped. The game is saved in quit-hot.json', 130],
    ] as const) {
      const r = atTerminal(
        ['play', 'english-civil-war', '--vs', 'human', '--seed', '7', '--save', 'quit-hot.json', '--overwrite'],
        [...gates, { sleep: 0.5 }, { send: key }, { wait: message }],
      );
      expect(r.timedOut).toBeNull();
      expect(r.code).toBe(code);
      // The hand was on the screen; after the last clear only the exit message is.
      expect(stripAnsi(r.output)).toMatch(/Royalist's hand \(8\)/);
      const last = lastScreen(r.output).join('\n');
      expect(last).toMatch(new RegExp(message.replace(/\./g, '\\.')));
      expect(last).not.toMatch(/hand|Battle|lay muster events/);
    }
    // Against the bot the one person's screen stays as it was.
    const bot = atTerminal(
      ['play', 'english-civil-war', '--seed', '7', '--save', 'quit-bot.json'],
      [{ wait: 'lay muster events' }, { sleep: 0.5 }, { send: 'quit\r' }, { wait: 'Saved in quit-bot.json' }],
    );
    expect(bot.timedOut).toBeNull();
    expect(lastScreen(bot.output).join('\n')).toMatch(/Parliament's hand \(8\)[^]*Saved in quit-bot\.json/);
  });

  test('text that matches no option picks nothing: the prompt says so and waits', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'nomatch.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { send: 'zzz\r' },
        { wait: 'nothing matches "zzz"' },
        { send: '\x15quit\r' },
        { wait: 'Saved in nomatch.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(record('nomatch.json').choices).toEqual([]);
  });
});

describe('the screen', () => {
  test('at 80x24 the decision screen fits the terminal: status, board, events and prompt, no line wider than 80', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'screen.json', '--no-color'],
      [{ until: 'action 1 of 2', press: ' ' }, { send: 'quit\r' }, { wait: 'Saved in screen.json' }],
    );
    expect(r.timedOut).toBeNull();
    // The events of turn 1 do not fit under the board: they were paged first (see the next test).
    expect(r.output).toMatch(/War of Independence turn 1\/10 \| Irish move\/recruit phase \| British morale 11/);
    const screens = r.output.split('\x1b[2J\x1b[3J\x1b[H');
    // The decision screen as first drawn: up to the prompt's first redraw (its erase-line codes).
    const decision = screens.find((x) => /action 1 of 2/.test(x))!.split('\x1b[2K')[0];
    const lines = stripAnsi(decision).split(/\r?\n/);
    expect(lines.join('\n')).toMatch(/^War of Independence turn 1\/10 \|[^]*1 Dublin[^]*6 Kerry[^]*action 1 of 2[^]*> +1\. Recruit/);
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
  });

  test('events that do not fit are paged: the player reads them, then presses a key', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'paged.json'],
      [{ until: 'action 1 of 2', press: ' ' }, { send: 'quit\r' }, { wait: 'Saved in paged.json' }],
      [24, 80],
    );
    expect(r.timedOut).toBeNull();
    expect(r.output).toMatch(/what happened since Irish's last decision/);
    expect(r.output).toMatch(/Combat in Dublin 6 City/);
  });
});

describe('not a terminal', () => {
  test('play > out.txt at a terminal: no escape codes in the file, the prompt in it, and the terminal says what to do', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'redirect.json'],
      [{ wait: 'standard output is not a terminal' }, { send: '3\n' }, { send: '\x04' }],
      [24, 80],
      'out.txt',
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    const file = readFileSync(join(dir, 'out.txt'), 'utf8');
    expect(file.includes('\u001b')).toBe(false);
    expect(file).toMatch(/Pending decision for Irish/);
    expect(file).toMatch(/Legal options:/);
    expect(record('redirect.json').choices).toEqual(['upgrade u12']);
  });
});

/** Runs muster without a terminal (to make records the terminal tests start from). */
function musterPiped(args: string[], input = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, input, encoding: 'utf8', env: { ...process.env, COLUMNS: '80' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
/** What the terminal showed last: the text after the last screen clear. */
const lastScreen = (output: string) => stripAnsi(output.split('\x1b[2J\x1b[3J\x1b[H').at(-1)!).split(/\r?\n/);

describe('what the newcomers met at 80x24', () => {
  test('an error at a terminal is wrapped at words within its width (a newcomer saw "--sa" / "ve FILE")', () => {
    expect(
      musterPiped(['play', 'irish-freedom', '--seed', 'w1', '--bot', 'heuristic', '--save', 'taken-save-file-with-a-long-name.json']).code,
    ).toBe(0);
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'taken-save-file-with-a-long-name.json'],
      [{ wait: 'overwrite' }],
    );
    expect(r.code).toBe(2);
    const lines = stripAnsi(r.output)
      .split(/\r?\n/)
      .filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    expect(lines.join(' ')).toContain('already holds a finished game (look at it with:');
    expect(lines.join(' ')).toContain('give another --save FILE, or --overwrite to replace it');
  });

  test('a key pressed at the pager is carried into the menu: 3 there, then Enter, picks option 3 (never option 1)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'carry.json'],
      [
        // Space through the pages of events, up to the last one.
        { until: 'the rest is on your decision screen', press: ' ' },
        { send: '3' },
        { wait: 'action 1 of 2' },
        { sleep: 0.5 },
        { send: '\r' },
        { wait: 'action 2 of 2' },
        { send: 'quit\r' },
        { wait: 'Saved in carry.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    // Option 3 is "upgrade u12" (option 1 would be "upgrade u5").
    expect(record('carry.json').choices).toEqual(['upgrade u12']);
  });

  test('the key that closes the log only goes back; text that matches nothing says so before Enter (a newcomer\'s x then 9 read "x9")', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'help-key.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        // The log opens at its last page: the key pressed there closes it.
        { send: 'Show log' },
        { sleep: 0.3 },
        { send: '\r' },
        { wait: 'press a key to go back to your decision' },
        { send: 'x' },
        { wait: 'action 1 of 2' },
        { sleep: 0.3 },
        { send: '99' },
        { wait: 'nothing matches "99" \\(Backspace to edit\\)' },
        { send: '\x7f\x7f3' },
        { sleep: 0.3 },
        { send: '\r' },
        { wait: 'action 2 of 2' },
        { send: 'quit\r' },
        { wait: 'Saved in help-key.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    // Option 3 is "upgrade u12": the x was not carried into the filter ("x3" would match nothing).
    expect(record('help-key.json').choices).toEqual(['upgrade u12']);
  });

  test("a number and Enter typed in one burst at the last page of events pick that option (a newcomer's Enter was lost)", () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'burst.json'],
      [
        { until: 'the rest is on your decision screen', press: ' ' },
        { send: '3\r' },
        { wait: 'action 2 of 2' },
        { send: 'quit\r' },
        { wait: 'Saved in burst.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(record('burst.json').choices).toEqual(['upgrade u12']);
  });

  test('the words every option starts with are shown above the options, never hidden', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', 's1', '--save', 'heading.json'],
      [
        { until: 'you may upgrade', press: ' ' },
        { send: 'upgrade u10\r' },
        { wait: 'action 1 of 2' },
        { send: 'move u10\r' },
        { wait: 'Where does Green Flying Column u10' },
        { send: 'quit\r' },
        { wait: 'Saved in heading.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    const screen = r.output.split('\x1b[2J\x1b[3J\x1b[H').find((x) => /Where does Green Flying Column u10/.test(x))!;
    const lines = stripAnsi(screen.split('\x1b[2K')[0]).split(/\r?\n/);
    const at = lines.findIndex((l) => /Where does Green Flying Column u10/.test(l));
    expect(lines[at + 1]).toBe('Move Green Flying Column u10 (Ulster 1-2 Bogland) to ...');
    expect(lines[at + 2]).toMatch(/^> +1\. \.\.\.Ulster 3-4 City \(Belfast\)/);
  });

  test('Save as moves the lock to the new file: a resume of it while the game goes on is refused, the old file is let go (a newcomer lost moves)', async () => {
    // The game at a terminal, driven in the background while this test tries the files from outside.
    const steps: Step[] = [
      { until: 'action 1 of 2', press: ' ' },
      { send: 'save as\r' },
      { wait: 'Save as \\(file name' },
      { send: 'moved.json\r' },
      { wait: 'Saved in moved.json \\(and saved there from now on\\)' },
      { sleep: 8 },
      { send: 'quit\r' },
      { wait: 'Saved in moved.json' },
    ];
    const driver = spawn(
      'python3',
      [DRIVE, '24', '80', '--', process.execPath, BIN, 'play', 'irish-freedom', '--seed', '7', '--save', 'first.json'],
      {
        cwd: dir,
      },
    );
    let stdout = '';
    driver.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    const done = new Promise<void>((ok) => driver.on('close', () => ok()));
    driver.stdin.end(JSON.stringify(steps));
    const lockOf = (f: string) => existsSync(join(dir, `${f}.lock`));
    for (let t = 0; t < 300 && !lockOf('moved.json'); t++) await new Promise((ok) => setTimeout(ok, 50));
    expect({ movedLocked: lockOf('moved.json'), firstLocked: lockOf('first.json') }).toEqual({ movedLocked: true, firstLocked: false });
    const again = musterPiped(['resume', 'moved.json'], 'quit\n');
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/moved\.json is being played by another muster process/);
    await done;
    const r = JSON.parse(stdout) as { code: number | null; timedOut: string | null };
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(lockOf('moved.json')).toBe(false);
  }, 60_000);

  test('Save as refuses a file holding another record, a missing folder, a folder and /proc: the game goes on, the record is untouched', () => {
    expect(musterPiped(['play', 'irish-freedom', '--seed', 'v1', '--bot', 'heuristic', '--save', 'victim.json']).code).toBe(0);
    const victim = readFileSync(join(dir, 'victim.json'), 'utf8');
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'saveas.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { send: 'save as\r' },
        { wait: 'Save as \\(file name' },
        { send: 'victim.json\r' },
        { wait: 'victim.json holds another game \\(another seed, "v1"\\)' },
        { wait: 'action 1 of 2' },
        { send: 'save as\r' },
        { wait: 'Save as \\(file name' },
        { send: '/nonexistent/dir/x.json\r' },
        { wait: 'Not saved: cannot write /nonexistent/dir/x.json: no such directory' },
        { wait: 'action 1 of 2' },
        // A folder, and a folder where no file can be made: each said as it is (a newcomer's cases).
        { send: 'save as\r' },
        { wait: 'Save as \\(file name' },
        { send: '/tmp\r' },
        { wait: '/tmp is a folder: not saved there \\(give a file name\\)' },
        { wait: 'action 1 of 2' },
        { send: 'save as\r' },
        { wait: 'Save as \\(file name' },
        { send: '/proc/x.json\r' },
        { wait: 'Not saved: cannot write /proc/x.json: files cannot be made in /proc' },
        { wait: 'action 1 of 2' },
        { send: 'save as\r' },
        { wait: 'Save as \\(file name' },
        { send: 'elsewhere.json\r' },
        { wait: 'Saved in elsewhere.json \\(and saved there from now on\\)' },
        { send: 'quit\r' },
        { wait: 'Saved in elsewhere.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'victim.json'), 'utf8')).toBe(victim);
    expect(record('elsewhere.json').choices).toEqual([]);
  });

  test("Save as writes over the game's own earlier save (it said the file already held a saved game)", () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'own1.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { send: 'save as\r' },
        { wait: 'Save as \\(file name' },
        { send: 'own2.json\r' },
        { wait: 'Saved in own2.json \\(and saved there from now on\\)' },
        { send: '1\r' },
        { wait: 'action 2 of 2' },
        { send: 'save as\r' },
        { wait: 'Save as \\(file name' },
        { send: 'own1.json\r' },
        { wait: 'Saved in own1.json \\(and saved there from now on\\)' },
        { send: 'quit\r' },
        { wait: 'Saved in own1.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(record('own1.json').choices).toHaveLength(1);
    expect(record('own2.json').choices).toHaveLength(1);
  });

  test('replay --step: keys typed at an open page reach the prompt after it (q then g 999 Enter was swallowed); messages wrap at words', () => {
    expect(
      musterPiped([
        'play',
        'english-civil-war',
        '--seed',
        'pg',
        '--bot',
        'random',
        '--vs',
        'random',
        '-o',
        'turn-limit=25',
        '--save',
        'pg.json',
      ]).code,
    ).toBe(0);
    const rec = record('pg.json');
    rec.choices = rec.choices.slice(0, 60);
    delete rec.result;
    delete rec.stateHash;
    writeFileSync(join(dir, 'pg.json'), JSON.stringify(rec));
    const r = atTerminal(
      ['replay', 'pg.json', '--step', '--side', 'Parliament'],
      [
        { wait: 'm map, q quit:' },
        { send: 'm\r' },
        { wait: 'Enter for more, q skips the rest' },
        { send: 'qg 999\r' },
        { wait: "There are Parliament's decisions 1 to" },
        { send: 'm\r' },
        { wait: 'Enter for more, q skips the rest' },
        { sleep: 0.3 },
        { send: 't cw 1\r' },
        { wait: 'not in parts' },
        // A command typed at a page keeps its blanks: "g 999" read "g999" (the key that closed the page came after the rest).
        { send: 'm\r' },
        { wait: 'Enter for more, q skips the rest' },
        { sleep: 0.3 },
        { send: 'g 999\r' },
        { wait: "There are Parliament's decisions 1 to" },
        { send: 'q\r' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    const text = stripAnsi(r.output);
    // "Still at Parliament's decision 1 of 2" / "9." at 80 columns: wrapped at words, each line fits.
    const told = text.split(/\r?\n/).filter((l) => /There are Parliament's|Still at Parliament's|not in parts/.test(l));
    expect(told.length).toBeGreaterThanOrEqual(2);
    for (const l of told) expect(l.length).toBeLessThanOrEqual(80);
    expect(text).toMatch(/Still at Parliament's decision 1 of\r?\n\d+\./);
    // No command typed at a page was refused (its blanks were kept).
    expect(text).not.toMatch(/Type Enter \(next\), b, g N/);
    expect(text.match(/There are Parliament's decisions 1 to/g)).toHaveLength(2);
  });

  test('replay --step: "g 30" typed at the first page goes to decision 30 (it read "g30" and was refused)', () => {
    expect(musterPiped(['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '5', '--save', 'step-g.json']).code).toBe(0);
    const r = atTerminal(
      ['replay', 'step-g.json', '--step'],
      [{ wait: 'Enter for more, q skips the rest' }, { send: 'g 30\r' }, { wait: 'm map, q quit:' }, { sleep: 0.5 }, { send: 'q\r' }],
    );
    expect(r.timedOut).toBeNull();
    const text = stripAnsi(r.output);
    expect(text).not.toMatch(/Type Enter \(next\), b, g N/);
    expect(text).toMatch(/- decision 30\/\d+/);
  });

  test('replay --step at 80x24: q at the opening page reaches the first prompt (the first decision was a second page, a second q)', () => {
    expect(musterPiped(['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '5', '--save', 'step-q.json']).code).toBe(0);
    const r = atTerminal(
      ['replay', 'step-q.json', '--step'],
      [{ wait: 'Enter for more, q skips the rest' }, { send: 'q' }, { wait: 'm map, q quit:', timeout: 5 }, { sleep: 0.3 }, { send: 'q' }],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    const text = stripAnsi(r.output);
    expect(text.match(/q skips the rest/g)).toHaveLength(1);
  });

  test('undo in a game played alone says why, wrapped, and never speaks of another side', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'undo-solo.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { send: 'undo\r' },
        { wait: 'Nothing to undo: no decision has been made yet\\.' },
        { send: 'quit\r' },
        { wait: 'Saved in undo-solo.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(stripAnsi(r.output)).not.toMatch(/other side/);
  });

  test('"Show log" opens at its latest page; b goes back a page', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'log.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { send: 'show log\r' },
        { wait: 'page (\\d+) of \\1, b back: press a key to go back to your decision' },
        { send: 'b' },
        { wait: 'page \\d+ of \\d+: a key for more, b back, q to stop|page 1 of \\d+: a key for more, q to stop' },
        { send: 'q' },
        { wait: 'action 1 of 2' },
        { send: 'quit\r' },
        { wait: 'Saved in log.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
  });

  test('a terminal smaller than 80x24 is told so instead of a screen wrapped into noise; Ctrl-C saves', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'small.json'],
      [{ wait: 'This terminal is 60x18: Muster needs at least 80x24' }, { send: '\x03' }, { wait: 'The game is saved in small.json' }],
      [18, 60],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(130);
    for (const l of lastScreen(r.output)) expect(l.length).toBeLessThanOrEqual(60);
  });

  test('the end of a game: the final position is paged, and its end with the result stays on the screen', () => {
    expect(musterPiped(['play', 'irish-freedom', '--seed', '7', '--bot', 'heuristic', '--save', 'whole.json']).code).toBe(0);
    const choices = record('whole.json').choices;
    const r = atTerminal(
      ['play', '--from', 'whole.json', '--at', String(choices.length - 1), '--save', 'end.json'],
      [
        { until: '> +1\\. ', press: ' ' },
        { sleep: 0.5 },
        { send: `${choices.at(-1)}\r` },
        { until: 'a key for more', press: ' ' },
        { send: ' ' },
        { wait: 'Record saved in end\\.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    // The final position was taller than the terminal: a page of it first, then its end with the result.
    expect(stripAnsi(r.output)).toMatch(/page 1 of \d+: a key for more/);
    const last = lastScreen(r.output).filter((l) => l !== '');
    expect(last.length).toBeLessThanOrEqual(24);
    expect(last.join('\n')).toMatch(/Game over: [^]*Record saved in end\.json/);
  });

  test('a bot game watched at a terminal pages its final position too (it never scrolls away unread)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', 'w1', '--bot', 'heuristic', '--save', 'watched.json'],
      // Its decisions are watched one by one (watch.test.ts): r runs on to the end. The final position
      // takes more than one page: a key for each, as many as there are.
      [
        { until: 'q: stop \\(saved\\)', press: ' ' },
        { send: 'r' },
        { until: 'page 1 of \\d+: a key for more', press: ' ' },
        { send: ' ' },
        { until: 'Record saved in watched\\.json', press: ' ' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    // The result stays on the screen whole, as at a person's game end (it began on the page before the last, cleared).
    expect(lastScreen(r.output).join('\n')).toMatch(/Game over: [^]*Record saved in watched\.json/);
  });

  test('a window made too small while the events are paged is told so, and the paging goes on once it fits again (a newcomer saw the screen wrapped at 60 columns)', () => {
    const r = atTerminal(
      ['play', 'irlande-1798', '--seed', 'rs1', '--side', 'english', '--vs', 'bot', '--save', 'resized.json'],
      [
        { wait: 'page 1 of \\d+: a key for more' },
        { resize: [20, 60] },
        { sleep: 0.5 },
        { send: ' ' },
        { wait: 'This terminal is 60x20: Muster needs at least 80x24' },
        { resize: [24, 80] },
        { sleep: 0.5 },
        { send: ' ' },
        { until: 'id: move ', press: ' ' },
        { send: '\x03' },
        { wait: 'The game is saved in resized\\.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    // Nothing was drawn for 60 columns but the warning: no line of a page or a screen is wider than 60
    // between the resize and the warning, and after it every screen is 80 wide again.
    const afterWarning = r.output.split('This terminal is 60x20')[1];
    expect(afterWarning).toBeDefined();
  });

  test('a resize while a page is read is met at once: the warning without a key, then the same page again at the new size; a key while too small turns no page (a newcomer)', () => {
    const r = atTerminal(
      ['play', 'irlande-1798', '--seed', 'rs1', '--side', 'english', '--vs', 'bot', '--save', 'resized-now.json'],
      [
        { wait: 'page 1 of \\d+: a key for more' },
        { resize: [20, 60] },
        { wait: 'This terminal is 60x20: Muster needs at least 80x24' },
        { send: ' ' },
        { sleep: 0.5 },
        { resize: [24, 100] },
        { wait: 'page 1 of \\d+: a key for more' },
        { send: '\x03' },
        { wait: 'The game is saved in resized-now\\.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    // Page 1 is shown again after the warning, not page 2 (the key pressed while too small turned none).
    const after = stripAnsi(r.output.split('This terminal is 60x20').at(-1)!);
    expect(after).toMatch(/page 1 of \d+/);
    expect(after).not.toMatch(/page 2 of \d+/);
  });

  test('a number typed across several pages of events is not cut to its last digit: "15" Enter at page 1 of 2 turns the pages and picks nothing (it picked option 5)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '5', '--save', 'typed-across.json'],
      [
        { wait: 'page 1 of 2: a key for more' },
        { send: '15\r' },
        { wait: 'Enter right after a page picks nothing' },
        { send: '\x03' },
        { wait: 'The game is saved in typed-across\\.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(record('typed-across.json').choices).toEqual([]);
  });

  test('a window made too small at the last page of events is told so before the decision screen is drawn (a newcomer saw it drawn for 80 columns in 60)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'resized-last.json'],
      [
        { until: 'the rest is on your decision screen', press: ' ' },
        { resize: [20, 60] },
        { sleep: 0.5 },
        { send: ' ' },
        { wait: 'This terminal is 60x20: Muster needs at least 80x24' },
        { resize: [24, 80] },
        { sleep: 0.5 },
        { send: ' ' },
        { wait: 'action 1 of 2' },
        { send: '\x03' },
        { wait: 'The game is saved in resized-last\\.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    // Between the resize and the warning nothing was drawn for 80 columns.
    // (After the warning the last page is drawn again, at 80 columns: it is closed by the key sent then.)
    const beforeWarning = stripAnsi(r.output.split('This terminal is 60x20')[0].split('the rest is on your decision screen').at(-1)!);
    for (const l of beforeWarning.split(/\r?\n/)) expect(l.length).toBeLessThanOrEqual(60);
  });

  test('prompted dice: a refused entry is cleared; Ctrl-C during the set-up saves the rolls typed, and resume asks for the rest', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', 's1', '--dice', 'prompted', '--save', 'prompted.json'],
      [
        { wait: 'British upgrade phase: Region - result\\?' },
        { send: '70abc\r' },
        { wait: 'type a whole number from 1 to 6' },
        // Typed afresh: "3", not "70abc3".
        { send: '3\r' },
        { wait: 'roll D6 = 3' },
        { wait: 'British move phase: Region - result\\?' },
        { send: '\x03' },
        { wait: 'Stopped\\s+during\\s+the\\s+set-up\\.\\s+The\\s+1\\s+roll\\s+typed\\s+so\\s+far\\s+\\(3\\)\\s+is\\s+saved' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(130);
    expect(record('prompted.json')).toMatchObject({ dice: 'prompted', rolls: [3], choices: [] });
    const again = atTerminal(
      ['resume', 'prompted.json'],
      [
        { wait: 'British move phase: Region - result\\?' },
        { send: '4\r' },
        { wait: 'roll D6 = 4' },
        { wait: 'result\\?' },
        { send: '\x03' },
        { wait: 'The\\s+2\\s+rolls\\s+typed\\s+so\\s+far\\s+\\(3,\\s+4\\)\\s+are\\s+saved' },
      ],
    );
    expect(again.timedOut).toBeNull();
    expect(record('prompted.json').rolls).toEqual([3, 4]);
  });
  test('Enters tapped through the pages never pick the decision after them: an Enter typed ahead or pressed there says to type a number first (a newcomer discarded two cards)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'taps.json'],
      [
        { until: 'the rest is on your decision screen', press: '\r' },
        // One Enter closes the last page; the one typed ahead with it reaches the menu.
        { send: '\r\r' },
        { wait: 'Enter right after a page picks nothing' },
        { sleep: 0.3 },
        { send: '\r' },
        { sleep: 0.5 },
        { send: '3\r' },
        { wait: 'action 2 of 2' },
        { send: 'quit\r' },
        { wait: 'Saved in taps.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    // Option 3 is "upgrade u12"; an Enter that picked would have taken option 1, "upgrade u5".
    expect(record('taps.json').choices).toEqual(['upgrade u12']);
  });

  test('Ctrl-D at a prompt stops the game as Ctrl-C does: saved, exit 130 (it hung the game)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'ctrl-d.json'],
      [{ until: 'action 1 of 2', press: ' ' }, { sleep: 0.3 }, { send: '\x04' }, { wait: 'Stopped. The game is saved in ctrl-d.json' }],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(130);
    expect(record('ctrl-d.json').choices).toEqual([]);
  });

  test('a save replaced by a non-record while the game is played: the game goes on, the screen says so, and Ctrl-D writes it beside (it was lost, exit 2)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'lost.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        // From another shell, while the game waits at its prompt.
        { write: 'lost.json', text: 'garbage\n' },
        { send: '3\r' },
        { wait: 'Not saved: lost\\.json exists and is not a Muster record; not overwriting it\\. Save as\\.\\.\\. \\(in the menu\\)' },
        { wait: 'action 2 of 2' },
        { send: 'Recruit in Kerry\r' },
        { until: 'you may upgrade', press: ' ' },
        { sleep: 0.3 },
        { send: '\x04' },
        { wait: 'saved in lost-2\\.muster\\.json instead' },
        { wait: 'Stopped\\. The game is saved in lost-2\\.muster\\.json; continue with: \\S*muster resume lost-2\\.muster\\.json' },
      ],
      [30, 200],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(130);
    const out = stripAnsi(r.output);
    expect(out).not.toMatch(/--save/);
    // Tried again after the next decision, and failed again: still said, above the next question.
    const upgrade = out.indexOf('you may upgrade');
    expect(out.lastIndexOf('Not saved: lost.json', upgrade)).toBeGreaterThan(out.lastIndexOf('Recruit in Kerry', upgrade));
    expect(readFileSync(join(dir, 'lost.json'), 'utf8')).toBe('garbage\n');
    expect(record('lost-2.muster.json').choices).toEqual(['upgrade u12', 'recruit-guerrilla kerry']);
  });

  test('a save that failed and then succeeds clears the warning; Save as after a failure saves there from then on', () => {
    // This game's save before its first decision (the same seed and save, played by a script that stops there).
    expect(musterPiped(['play', 'irish-freedom', '--seed', '7', '--save', 'again-before.json'], '').code).toBe(0);
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'again.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { write: 'again.json', text: 'garbage\n' },
        { send: '3\r' },
        { wait: 'Not saved: again\\.json' },
        { wait: 'action 2 of 2' },
        // The file holds this game's earlier save again (put back from a copy): the next save goes through.
        { copy: 'again-before.json', to: 'again.json' },
        { send: 'Recruit in Kerry\r' },
        { until: 'you may upgrade', press: ' ' },
        { write: 'again.json', text: 'garbage\n' },
        { send: '1\r' },
        { until: 'Not saved: again\\.json', press: ' ' },
        { send: 'save as\r' },
        { wait: 'Save as \\(file name' },
        { send: 'elsewhere-after.json\r' },
        { wait: 'Saved in elsewhere-after\\.json \\(and saved there from now on\\)' },
        { send: 'quit\r' },
        { wait: 'Saved in elsewhere-after\\.json\\. Continue with' },
      ],
      [30, 200],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    const out = stripAnsi(r.output);
    // Between the save that went through and the file made garbage again, no warning.
    const back = out.indexOf('Saved in again.json again.');
    expect(back).toBeGreaterThan(0);
    expect(out.slice(back, out.indexOf('you may upgrade', back))).not.toMatch(/Not saved/);
    // After Save as, none either.
    expect(out.slice(out.indexOf('and saved there from now on'))).not.toMatch(/Not saved/);
    expect(readFileSync(join(dir, 'again.json'), 'utf8')).toBe('garbage\n');
    expect(record('elsewhere-after.json').choices.slice(0, 3)).toEqual(['upgrade u12', 'recruit-guerrilla kerry', expect.any(String)]);
  });

  test("another game's record put over the save while the game is played is never written over (a newcomer's seed-9 game was replaced by the seed-12 one)", () => {
    expect(musterPiped(['play', 'irish-freedom', '--seed', '9', '--bot', 'random', '--save', 'other-game.json']).code).toBe(0);
    const other = readFileSync(join(dir, 'other-game.json'), 'utf8');
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '12', '--save', 'mine.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { copy: 'other-game.json', to: 'mine.json' },
        { send: 'pass\r' },
        { until: 'Not saved: mine\\.json holds another game \\(another seed, "9"\\); not overwriting it', press: ' ' },
        { send: 'quit\r' },
        { wait: 'It is saved in mine-2\\.muster\\.json instead' },
      ],
      [30, 200],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'mine.json'), 'utf8')).toBe(other);
    expect(record('mine-2.muster.json').seed).toBe('12');
  });

  test('an undo after a save writes over that save (its own last write, with a decision more than the game now has): no warning', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', '7', '--save', 'undo-save.json'],
      [
        { until: 'action 1 of 2', press: ' ' },
        { send: 'move\r' },
        { wait: 'Where does' },
        { send: 'undo\r' },
        { wait: 'Undone' },
        { wait: 'action 1 of 2' },
        { send: 'quit\r' },
        { wait: 'Saved in undo-save\\.json' },
      ],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(stripAnsi(r.output)).not.toMatch(/Not saved|could not be saved/);
    expect(record('undo-save.json').choices).toEqual([]);
  });

  test('a bot game watched at a terminal goes on when its save fails, says so on its screens, and is written beside at its end (it stopped with exit 2)', () => {
    const r = atTerminal(
      ['play', 'irish-freedom', '--seed', 'w2', '--bot', 'heuristic', '--save', 'watched-lost.json'],
      [
        { until: 'q: stop \\(saved\\)', press: ' ' },
        { write: 'watched-lost.json', text: 'garbage\n' },
        { send: ' ' },
        { wait: 'Not saved: watched-lost\\.json exists and is not a Muster record; not overwriting it\\. When the game stops' },
        { send: 'q' },
        { wait: 'saved in watched-lost-2\\.muster\\.json instead' },
      ],
      [30, 200],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'watched-lost.json'), 'utf8')).toBe('garbage\n');
    expect(record('watched-lost-2.muster.json').choices.length).toBeGreaterThan(0);
  });

  test('replay --step at a terminal: q, m and b act on their key alone, as the pages do (a newcomer typed q and waited); b Enter typed as a line goes back once', () => {
    expect(musterPiped(['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '5', '--save', 'keys.json']).code).toBe(0);
    const r = atTerminal(
      ['replay', 'keys.json', '--step', '--at', '5'],
      [
        { wait: 'm map, q quit: ' },
        { send: 'b' },
        { wait: '- decision 5/\\d+' },
        { wait: 'm map, q quit: ' },
        { send: 'm' },
        { wait: 'Dublin' },
        { wait: 'm map, q quit: ' },
        // Out of habit, with Enter: back once, the Enter not taken for "next".
        { send: 'b\r' },
        { wait: '- decision 4/\\d+' },
        { wait: 'm map, q quit: ' },
        { sleep: 0.5 },
        // g N is still a line: its keys, a Backspace, Enter.
        { send: 'g 9\x7f2\r' },
        { wait: '- decision 2/\\d+' },
        { wait: 'm map, q quit: ' },
        { send: 'q' },
      ],
      [60, 200],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    const text = stripAnsi(r.output);
    expect(text).not.toMatch(/Type Enter \(next\), b, g N/);
    // The Enter after b did not step on to decision 5 again.
    expect(text.slice(text.indexOf('- decision 4/'))).not.toMatch(/- decision 5\//);
  });

  test('a game that ends while its save fails: the record is written beside it, and the end says why and where', () => {
    expect(musterPiped(['play', 'irish-freedom', '--bot', 'heuristic', '--seed', '5', '--save', 'to-end.json']).code).toBe(0);
    const last = record('to-end.json').choices.length - 1;
    const r = atTerminal(
      ['play', '--from', 'to-end.json', '--at', String(last), '--save', 'end-lost.json'],
      [
        { wait: 'recruit or move' },
        { write: 'end-lost.json', text: 'garbage\n' },
        { send: '1\r' },
        { until: 'Record saved in', press: ' ' },
        { sleep: 0.3 },
        { send: ' ' },
      ],
      [30, 200],
    );
    expect(r.timedOut).toBeNull();
    expect(r.code).toBe(0);
    expect(stripAnsi(r.output)).toMatch(
      /The game could not be saved: end-lost\.json exists and is not a Muster record; not overwriting it\. It is saved in end-lost-2\.muster\.json instead\.\r?\nRecord saved in end-lost-2\.muster\.json/,
    );
    expect(readFileSync(join(dir, 'end-lost.json'), 'utf8')).toBe('garbage\n');
    expect(record('end-lost-2.muster.json').result).toBeDefined();
  });
});
