/**
 * The keyboard: one reader of the terminal for every prompt of a game, so keys typed ahead of the
 * next prompt reach it, in order (`5` Enter `3` Enter typed quickly, or pasted, answers two prompts).
 *
 * Each @inquirer/core prompt makes its own readline on its input and stops listening the moment it is
 * answered: given process.stdin itself, the keys after the answering Enter in the same burst went to
 * no one, and keys that arrived before the next prompt drew were thrown away on purpose (inquirer
 * treats them as stale). Here process.stdin is read once, in raw mode, from the first prompt on; its
 * keys wait in a queue, and each prompt gets a stream of its own that is handed the waiting keys one
 * at a time, while it is still asking (a key is never given to a prompt that has been answered).
 *
 * Ctrl-C while no prompt asks (the game working out a bot's move) interrupts as at a plain terminal
 * (SIGINT: the game saves and stops); at a prompt it goes to the prompt, ahead of any waiting keys.
 * Ctrl-D does the same.
 * `discard` forgets the keys typed so far: a hot-seat hand-over calls it, so that keys one player
 * typed ahead never answer the other player's screens.
 */
import { emitKeypressEvents } from 'node:readline';
import { PassThrough } from 'node:stream';

interface Key {
  sequence?: string;
  name?: string;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
}

/** A key as readline's keypress event gives it: the text typed, and what key it was. */
type Press = [string | undefined, Key | undefined];

let started = false;
const queue: Press[] = [];
/** The input of the prompt asking now, if one is. */
let current: PassThrough | undefined;
let scheduled = false;

const isCtrlC = ([, key]: Press) => Boolean(key?.ctrl && key.name === 'c');
const isCtrlD = (key: Key | undefined) => Boolean(key?.ctrl && key.name === 'd');

function onKeypress(s: string | undefined, key: Key | undefined): void {
  // Ctrl-D is taken for Ctrl-C: the game saves and stops (readline closed the prompt it reached,
  // which then never answered: the game hung).
  const press: Press = isCtrlD(key) ? ['\x03', { ...key, sequence: '\x03', name: 'c', ctrl: true }] : [s, key];
  if (isCtrlC(press)) {
    queue.length = 0;
    if (current) current.emit('keypress', ...press);
    // As at a terminal not in raw mode: the game's SIGINT handler saves and stops.
    else process.kill(process.pid, 'SIGINT');
    return;
  }
  queue.push(press);
  feed();
}

/** Hands the prompt asking now its next waiting key, then (a turn of the event loop later) the next. */
function feed(): void {
  if (scheduled || !current || !queue.length) return;
  scheduled = true;
  // A turn of the event loop between keys: a prompt answered by one key has ended (its promise
  // settled, `current` cleared) before the next key is handed out, which then waits for the next prompt.
  setImmediate(() => {
    scheduled = false;
    if (!current) return;
    const press = queue.shift();
    if (press) current.emit('keypress', ...press);
    feed();
  });
}

function start(): void {
  if (started) return;
  started = true;
  const stdin = process.stdin;
  emitKeypressEvents(stdin);
  stdin.setRawMode(true);
  stdin.on('keypress', onKeypress);
  stdin.resume();
  // Between prompts the terminal is still read (nothing typed is lost), but it does not keep the
  // process alive: only a prompt waiting for a key does.
  stdin.unref();
}

/**
 * Puts a printable key back in front of the keys waiting: the next prompt reads it first, then the
 * keys typed after it, in order (a key that closed a page and starts the next command: `replay --step`).
 */
export function putBack(key: string): void {
  queue.unshift([key, { sequence: key, name: key === ' ' ? 'space' : key.toLowerCase(), shift: key !== key.toLowerCase() }]);
}

/**
 * Forgets an Enter waiting first, typed in the same burst as a key that answered alone: replay
 * --step's `m` typed with Enter, as a line, must not also turn the page of the board it opens.
 */
export function dropEnter(): void {
  const [s, key] = queue[0] ?? [];
  if (key?.name === 'return' || key?.name === 'enter' || s === '\r' || s === '\n') queue.shift();
}

/** The keys typed so far and not yet taken by a prompt are forgotten. */
export function discard(): void {
  queue.length = 0;
}

/**
 * Runs a prompt on the keyboard: `prompt` gets the input to read (keys typed before it started come
 * first). Without a terminal on stdin the prompt reads stdin itself, as before.
 */
export async function withKeyboard<T>(prompt: (input: NodeJS.ReadableStream | undefined) => Promise<T>): Promise<T> {
  if (!process.stdin.isTTY) return prompt(undefined);
  start();
  const input = new PassThrough();
  const previous = current;
  current = input;
  process.stdin.ref();
  try {
    const answer = prompt(input);
    feed();
    return await answer;
  } finally {
    current = previous;
    if (current) feed();
    else process.stdin.unref();
  }
}
