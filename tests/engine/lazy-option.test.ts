/** Labels and prompts written only when read (src/engine/lazy-option.ts). */
import { LazyOption, LazyPromptDecision } from '../../src/engine/lazy-option.js';

test('a lazy option writes its label only when read, and JSON gives the plain option', () => {
  let made = 0;
  const o = new LazyOption('go 0402', () => `To Collooney (${++made})`);
  expect(made).toBe(0);
  expect(o.label).toBe('To Collooney (1)');
  expect(JSON.parse(JSON.stringify(o))).toEqual({ id: 'go 0402', label: 'To Collooney (2)' });
});

test('a lazy-prompt decision writes its prompt only when read; JSON gives the plain decision, with secret only when set', () => {
  let made = 0;
  const options = [{ id: 'a', label: 'A' }];
  const open = new LazyPromptDecision('French', 'Turn 1 B', () => `Move ${++made}`, options);
  expect(made).toBe(0);
  expect(open.prompt).toBe('Move 1');
  expect(JSON.parse(JSON.stringify(open))).toEqual({ side: 'French', phase: 'Turn 1 B', prompt: 'Move 2', options });
  const hidden = new LazyPromptDecision('Royalist', 'End Phase', () => 'Discard', options, true);
  expect(JSON.parse(JSON.stringify(hidden))).toEqual({ side: 'Royalist', phase: 'End Phase', prompt: 'Discard', options, secret: true });
});
